import { formatNumberTr, formatPercentChangeTr } from '@seyir/domain';

const decimal = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });

/** 12.345 → '12,3 ms', 1534 → '1,53 sn', null → '—'. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms >= 1000) return `${twoDecimals.format(ms / 1000)} sn`;
  return `${decimal.format(ms)} ms`;
}

/** 0.0234 → '%2,3'. */
export function formatRate(rate: number): string {
  return `%${decimal.format(rate * 100)}`;
}

export function formatPerMin(value: number): string {
  return value >= 100 ? formatNumberTr(value) : twoDecimals.format(value);
}

export function formatChange(change: number | null | undefined): string {
  return change === null || change === undefined ? '—' : formatPercentChangeTr(change);
}

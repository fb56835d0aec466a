const integerFormat = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });

/** An integer with Turkish digit grouping: 1234 → '1.234'. */
export function formatNumberTr(value: number): string {
  return integerFormat.format(value);
}

const decimalFormat = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });

/** A number with Turkish grouping and up to two decimals: 1234.5 → '1.234,5'. */
export function formatDecimalTr(value: number): string {
  return decimalFormat.format(value);
}

/**
 * A percentage change with its sign and a decimal comma, e.g. 12.5 → '+%12,5', -3 → '-%3'.
 * Turkish puts the percent sign before the number.
 */
export function formatPercentChangeTr(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  const body = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 }).format(Math.abs(rounded));
  return `${sign}%${body}`;
}

/** Share of `part` in `total` as '%12,5' (0 when the total is 0). */
export function formatShareTr(part: number, total: number): string {
  const share = total > 0 ? (part / total) * 100 : 0;
  return `%${new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 }).format(share)}`;
}

import { OVERAGE_BLOCK_LOGS } from './plans.js';

export type QuotaEventKind = 'quota_80' | 'quota_100' | 'overage';

/**
 * How many of `n` logs, counted after `before` logs this month, are beyond `quota`. Over the
 * quota logs are still stored, only marked (spec §1).
 */
export function overageInBatch(before: number, n: number, quota: number): number {
  return Math.max(0, before + n - Math.max(before, quota));
}

/**
 * Quota thresholds crossed when the month's count went from `before` to `after`: 80 % and
 * 100 % of the quota, then every further block of 10,000 logs (each reported once; the
 * threshold identifies it).
 */
export function quotaCrossings(before: number, after: number, quota: number): { kind: QuotaEventKind; threshold: number }[] {
  const events: { kind: QuotaEventKind; threshold: number }[] = [];
  const crossed = (threshold: number) => before < threshold && after >= threshold;
  const eighty = Math.ceil(quota * 0.8);
  if (crossed(eighty)) events.push({ kind: 'quota_80', threshold: eighty });
  if (crossed(quota)) events.push({ kind: 'quota_100', threshold: quota });
  const firstBlock = Math.max(1, Math.floor((Math.max(before, quota) - quota) / OVERAGE_BLOCK_LOGS) + 1);
  for (let k = firstBlock; quota + k * OVERAGE_BLOCK_LOGS <= after; k++) {
    const threshold = quota + k * OVERAGE_BLOCK_LOGS;
    if (crossed(threshold)) events.push({ kind: 'overage', threshold });
  }
  return events;
}

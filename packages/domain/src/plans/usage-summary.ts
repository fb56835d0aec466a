import { overageFee } from './plans.js';

/** One month of an account's usage as the usage panel shows it. */
export interface UsageSummary {
  /** First day of the month, `YYYY-MM-01` (UTC month, as usage is counted). */
  month: string;
  logs: number;
  quota: number;
  /** Logs stored beyond the quota (they are kept, only counted). */
  overageLogs: number;
  /** 10 ₺ per started 10,000 overage logs, in ₺ (0 in beta). */
  overageFee: number;
  /** Share of the quota used, 0–100+ (rounded down to a whole percent). */
  percentUsed: number;
}

/**
 * The usage panel's numbers from the month's counters. Overage is `logs − quota` (not the
 * per-log marks, which may differ by a few under concurrency); the fee rounds up per started
 * 10,000 logs: 1 log over costs 10 ₺, 10,000 over 10 ₺, 10,001 over 20 ₺.
 */
export function summariseUsage(input: { month: string; logs: number; quota: number; beta: boolean }): UsageSummary {
  const overageLogs = Math.max(0, input.logs - input.quota);
  return {
    month: input.month,
    logs: input.logs,
    quota: input.quota,
    overageLogs,
    overageFee: input.beta ? 0 : overageFee(input.logs, input.quota),
    percentUsed: input.quota > 0 ? Math.floor((input.logs / input.quota) * 100) : 0,
  };
}

/** `YYYY-MM-01` of the UTC month of `now`. */
export function usageMonthOf(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The overage fee rule as the usage panel states it. */
export const OVERAGE_RULE = 'Kota aşımı: kotanın üzerindeki her başlayan 10.000 log için 10 ₺ (yukarı yuvarlanır; 1 log aşım da 10 ₺). Aşım logları saklanmaya devam eder.';

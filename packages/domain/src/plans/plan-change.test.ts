import { describe, expect, it } from 'vitest';
import { billingDays, canCreateProject, formatKurus, planChangeBlocker, quotePlanChange } from './plan-change.js';
import { getPlan, getPlanTable } from './plans.js';
import { summariseUsage } from './usage-summary.js';

const at = (iso: string) => new Date(iso);

describe('plan change pro-rata', () => {
  it('charges the whole difference on the 1st of a 31-day month', () => {
    const q = quotePlanChange({ fromPrice: 0, toPrice: 99, now: at('2026-01-01T00:00:00Z') });
    expect(q).toEqual({ daysInMonth: 31, daysRemaining: 31, amountKurus: 9900 });
  });

  it('charges 17/31 of the difference on the 15th of January, rounded to the kuruş', () => {
    // 99 × 17 / 31 = 54.2903… ₺
    expect(quotePlanChange({ fromPrice: 0, toPrice: 99, now: at('2026-01-15T12:00:00Z') })).toEqual({ daysInMonth: 31, daysRemaining: 17, amountKurus: 5429 });
  });

  it('charges one day on the last day of a 31-day month', () => {
    // 100 × 1 / 31 = 3.2258 ₺
    expect(quotePlanChange({ fromPrice: 99, toPrice: 199, now: at('2026-01-31T23:59:59Z') }).amountKurus).toBe(323);
  });

  it('uses 28 days in February 2026 and 29 in February 2028', () => {
    expect(quotePlanChange({ fromPrice: 0, toPrice: 99, now: at('2026-02-01T08:00:00Z') })).toEqual({ daysInMonth: 28, daysRemaining: 28, amountKurus: 9900 });
    expect(quotePlanChange({ fromPrice: 0, toPrice: 99, now: at('2026-02-15T08:00:00Z') })).toEqual({ daysInMonth: 28, daysRemaining: 14, amountKurus: 4950 });
    // 99 / 28 = 3.5357 ₺
    expect(quotePlanChange({ fromPrice: 0, toPrice: 99, now: at('2026-02-28T08:00:00Z') })).toEqual({ daysInMonth: 28, daysRemaining: 1, amountKurus: 354 });
    expect(quotePlanChange({ fromPrice: 0, toPrice: 99, now: at('2028-02-29T08:00:00Z') })).toEqual({ daysInMonth: 29, daysRemaining: 1, amountKurus: 341 });
  });

  it('credits a downgrade, mirroring the upgrade charge exactly', () => {
    const up = quotePlanChange({ fromPrice: 99, toPrice: 199, now: at('2026-03-15T10:00:00Z') });
    const down = quotePlanChange({ fromPrice: 199, toPrice: 99, now: at('2026-03-15T10:00:00Z') });
    expect(up.amountKurus).toBe(5484); // 100 × 17 / 31 = 54.838…
    expect(down.amountKurus).toBe(-5484);
  });

  it('rounds to the nearest kuruş, a credit the same as a charge', () => {
    // 1 ₺ × 16 / 30 = 53.33 kuruş → 53; 2 ₺ × 1 / 30 = 6.67 kuruş → 7
    expect(quotePlanChange({ fromPrice: 0, toPrice: 1, now: at('2026-04-15T00:00:00Z') }).amountKurus).toBe(53);
    expect(quotePlanChange({ fromPrice: 0, toPrice: 2, now: at('2026-04-30T00:00:00Z') }).amountKurus).toBe(7);
    expect(quotePlanChange({ fromPrice: 2, toPrice: 0, now: at('2026-04-30T00:00:00Z') }).amountKurus).toBe(-7);
  });

  it('counts the month in UTC', () => {
    // 23:30 on 31 January in UTC is already 1 February in Istanbul; billing still says January
    expect(billingDays(at('2026-01-31T23:30:00Z'))).toEqual({ daysInMonth: 31, daysRemaining: 1 });
  });

  it('is free in beta: every price is 0, so every change costs 0', () => {
    const beta = getPlanTable({ beta: true });
    expect(beta.map((p) => p.price)).toEqual([0, 0, 0]);
    expect(beta.map((p) => p.listPrice)).toEqual([0, 99, 199]);
    const q = quotePlanChange({ fromPrice: getPlan('free', { beta: true }).price, toPrice: getPlan('professional', { beta: true }).price, now: at('2026-01-15T00:00:00Z') });
    expect(q.amountKurus).toBe(0);
    expect(Object.is(q.amountKurus, -0)).toBe(false);
  });

  it('formats kuruş in Turkish', () => {
    expect(formatKurus(5429)).toBe('54,29 ₺');
    expect(formatKurus(-5000)).toBe('-50,00 ₺');
    expect(formatKurus(123456)).toBe('1.234,56 ₺');
    expect(formatKurus(0)).toBe('0,00 ₺');
  });
});

describe('plan limits', () => {
  it('allows one project on the free plan, five on standard, any number on professional', () => {
    expect(canCreateProject(getPlan('free'), 0)).toBe(true);
    expect(canCreateProject(getPlan('free'), 1)).toBe(false);
    expect(canCreateProject(getPlan('standard'), 4)).toBe(true);
    expect(canCreateProject(getPlan('standard'), 5)).toBe(false);
    expect(canCreateProject(getPlan('professional'), 10_000)).toBe(true);
  });

  it('refuses a downgrade while the account owns more projects than the target allows', () => {
    expect(planChangeBlocker(getPlan('standard'), getPlan('free'), 3)).toEqual({ kind: 'too-many-projects', owned: 3, allowed: 1 });
    expect(planChangeBlocker(getPlan('standard'), getPlan('free'), 1)).toBeUndefined();
    expect(planChangeBlocker(getPlan('free'), getPlan('free'), 0)).toEqual({ kind: 'same-plan' });
  });

  it('reads the FAQ preset for the free plan only', () => {
    expect(getPlan('free', 'faq')).toMatchObject({ monthlyLogs: 10_000, retentionDays: 3 });
    expect(getPlan('standard', 'faq')).toEqual(getPlan('standard'));
  });
});

describe('usage summary', () => {
  it('reports overage logs and the fee per started 10,000', () => {
    expect(summariseUsage({ month: '2026-01-01', logs: 40_000, quota: 50_000, beta: false })).toEqual({
      month: '2026-01-01', logs: 40_000, quota: 50_000, overageLogs: 0, overageFee: 0, percentUsed: 80,
    });
    expect(summariseUsage({ month: '2026-01-01', logs: 60_001, quota: 50_000, beta: false })).toMatchObject({ overageLogs: 10_001, overageFee: 20, percentUsed: 120 });
    expect(summariseUsage({ month: '2026-01-01', logs: 60_001, quota: 50_000, beta: true })).toMatchObject({ overageLogs: 10_001, overageFee: 0 });
  });
});

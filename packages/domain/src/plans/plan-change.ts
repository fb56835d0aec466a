import { formatNumberTr } from '../format/format-number.js';
import type { Plan } from './plans.js';

/**
 * The billing month is the calendar month in UTC, the same month `usage_monthly` counts logs in.
 * The day of a change counts towards the new plan.
 */
export interface BillingDays {
  /** Days in the month (28–31). */
  daysInMonth: number;
  /** Days from the change day to the end of the month, the change day included (1..daysInMonth). */
  daysRemaining: number;
}

export function billingDays(now: Date): BillingDays {
  const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  return { daysInMonth, daysRemaining: daysInMonth - now.getUTCDate() + 1 };
}

/** Monthly prices of the two plans in whole ₺ (0 in beta). */
export interface PlanChangeQuoteInput {
  fromPrice: number;
  toPrice: number;
  now: Date;
}

export interface PlanChangeQuote extends BillingDays {
  /** Charge (> 0) or credit (< 0) for the rest of the month, in kuruş (1/100 ₺). */
  amountKurus: number;
}

/**
 * Pro-rata charge or credit for switching plans at `now`: the price difference times the share
 * of the month left, `(toPrice − fromPrice) × daysRemaining ÷ daysInMonth`. Rounding rule:
 * computed in kuruş and rounded to the nearest kuruş, halves away from zero (so a credit
 * mirrors the charge of the opposite change exactly).
 */
export function quotePlanChange({ fromPrice, toPrice, now }: PlanChangeQuoteInput): PlanChangeQuote {
  const days = billingDays(now);
  const exact = ((toPrice - fromPrice) * 100 * days.daysRemaining) / days.daysInMonth;
  const amountKurus = Math.sign(exact) * Math.round(Math.abs(exact));
  return { ...days, amountKurus: amountKurus === 0 ? 0 : amountKurus };
}

/** Why a plan cannot be taken now, or undefined when it can. */
export type PlanChangeBlocker = { kind: 'same-plan' } | { kind: 'too-many-projects'; owned: number; allowed: number };

export function planChangeBlocker(current: Plan, target: Plan, ownedProjects: number): PlanChangeBlocker | undefined {
  if (current.id === target.id) return { kind: 'same-plan' };
  const allowed = target.maxProjects;
  if (allowed !== null && ownedProjects > allowed) return { kind: 'too-many-projects', owned: ownedProjects, allowed };
  return undefined;
}

/** Whether an account on `plan` that owns `ownedProjects` may create one more. */
export function canCreateProject(plan: Plan, ownedProjects: number): boolean {
  const allowed = plan.maxProjects;
  return allowed === null || ownedProjects < allowed;
}

/** Formats kuruş as Turkish ₺ text: 5429 → '54,29 ₺', -5000 → '-50,00 ₺'. */
export function formatKurus(kurus: number): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(kurus);
  const lira = formatNumberTr(Math.floor(abs / 100));
  return `${sign}${lira},${String(abs % 100).padStart(2, '0')} ₺`;
}

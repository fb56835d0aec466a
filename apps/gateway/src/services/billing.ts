import {
  AppError,
  BILLING_MESSAGES,
  formatKurus,
  getPlan,
  planChangeBlocker,
  PRO_RATA_RULE,
  quotePlanChange,
  summariseUsage,
  toPlanId,
  usageMonthOf,
  OVERAGE_RULE,
  type Plan,
  type PlanChangeInput,
  type PlanId,
  type PlanQuoteView,
  type UsageSummary,
} from '@seyir/domain';
import { changeUserPlan, findPlanChanges, getMonthlyUsage, type UserRow } from '@seyir/db';
import type { AppDeps } from '../deps.js';

type Deps = Pick<AppDeps, 'db' | 'database' | 'planPreset' | 'beta' | 'now'>;

/** A plan as this deployment reads the table (preset, beta prices). */
export function planOf(deps: Pick<AppDeps, 'planPreset' | 'beta'>, id: string): Plan {
  return getPlan(toPlanId(id), { preset: deps.planPreset, beta: deps.beta });
}

function quoteView(deps: Deps, from: Plan, to: Plan, now: Date): PlanQuoteView {
  const quote = quotePlanChange({ fromPrice: from.price, toPrice: to.price, now });
  return {
    from_plan: from.id,
    to_plan: to.id,
    from_price: from.price,
    to_price: to.price,
    beta: deps.beta,
    days_in_month: quote.daysInMonth,
    days_remaining: quote.daysRemaining,
    amount_kurus: quote.amountKurus,
    amount_text: formatKurus(Math.abs(quote.amountKurus)),
    kind: quote.amountKurus > 0 ? 'charge' : quote.amountKurus < 0 ? 'credit' : 'none',
    rule: PRO_RATA_RULE,
  };
}

function blockerError(current: Plan, target: Plan, ownedProjects: number): AppError | undefined {
  const blocker = planChangeBlocker(current, target, ownedProjects);
  if (!blocker) return undefined;
  if (blocker.kind === 'same-plan') return new AppError('CONFLICT', BILLING_MESSAGES.samePlan);
  return new AppError('CONFLICT', BILLING_MESSAGES.tooManyProjectsForPlan(blocker.owned, blocker.allowed, target.name));
}

/** The pro-rata charge or credit of switching to `target` now; nothing is changed. */
export async function quotePlanChangeFor(deps: Deps, user: UserRow, target: PlanId, ownedProjects: number): Promise<PlanQuoteView> {
  const current = planOf(deps, user.plan);
  const to = planOf(deps, target);
  const refused = blockerError(current, to, ownedProjects);
  if (refused) throw refused;
  return quoteView(deps, current, to, deps.now());
}

/**
 * Switches the plan and records the pro-rata amount (no payment is taken). Decided with the
 * user's row locked; when the caller says which amount it confirmed and the amount is now
 * different, nothing changes (409).
 */
export async function changePlan(deps: Deps, user: UserRow, input: PlanChangeInput): Promise<PlanQuoteView & { changed_at: string }> {
  const now = deps.now();
  const to = planOf(deps, input.plan);
  const result = await changeUserPlan<AppError>(deps.db, user.id, ({ plan, ownedProjects }) => {
    const current = planOf(deps, plan);
    const refused = blockerError(current, to, ownedProjects);
    if (refused) return { ok: false, refusal: refused };
    const quote = quotePlanChange({ fromPrice: current.price, toPrice: to.price, now });
    if (input.expected_amount_kurus !== undefined && input.expected_amount_kurus !== quote.amountKurus) {
      return { ok: false, refusal: new AppError('CONFLICT', BILLING_MESSAGES.quoteChanged) };
    }
    return { ok: true, change: { toPlan: to.id, amountKurus: quote.amountKurus, daysRemaining: quote.daysRemaining, daysInMonth: quote.daysInMonth, beta: deps.beta } };
  });
  if (!result) throw new AppError('UNAUTHENTICATED', 'Oturum sonlandırıldı. Lütfen tekrar giriş yapın.');
  if (!result.ok) throw result.refusal;
  const from = planOf(deps, result.change.fromPlan);
  return { ...quoteView(deps, from, to, now), changed_at: result.change.createdAt.toISOString() };
}

/** The current plan, its limits and the last plan changes. */
export async function describePlan(deps: Deps, user: UserRow) {
  const plan = planOf(deps, user.plan);
  const changes = await findPlanChanges(deps.db, user.id, 20);
  return {
    plan,
    beta: deps.beta,
    changes: changes.map((c) => ({
      from_plan: c.fromPlan,
      to_plan: c.toPlan,
      amount_kurus: c.amountKurus,
      amount_text: formatKurus(Math.abs(c.amountKurus)),
      kind: c.amountKurus > 0 ? 'charge' : c.amountKurus < 0 ? 'credit' : 'none',
      days_remaining: c.daysRemaining,
      days_in_month: c.daysInMonth,
      beta: c.beta,
      created_at: c.createdAt.toISOString(),
    })),
  };
}

/** This month's usage of the account (logs of the projects it owns), its quota and overage. */
export async function getUsage(deps: Deps, user: UserRow): Promise<UsageSummary & { plan: PlanId; marked_overage_logs: number; rule: string }> {
  const plan = planOf(deps, user.plan);
  const month = usageMonthOf(deps.now());
  const usage = await getMonthlyUsage(deps.database.sql, user.id, month);
  return {
    ...summariseUsage({ month, logs: usage.logs, quota: plan.monthlyLogs, beta: deps.beta }),
    plan: plan.id,
    // Logs marked over quota at ingest (under the plan of that moment); the fee uses logs − quota.
    marked_overage_logs: usage.overageLogs,
    rule: OVERAGE_RULE,
  };
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { planChanges, projects, users, type PlanChangeRow } from '../schema/index.js';

export interface PlanChangeRecord {
  toPlan: string;
  amountKurus: number;
  daysRemaining: number;
  daysInMonth: number;
  beta: boolean;
}

/**
 * Switches a user's plan and records the change, in one transaction with the user's row locked,
 * so the decision is made on the plan and project count as they are at that moment. `decide`
 * gets the current plan and the number of projects the user owns, and answers the change to
 * record or a refusal (returned as is, nothing written).
 */
export async function changeUserPlan<R>(
  db: Database,
  userId: string,
  decide: (current: { plan: string; ownedProjects: number }) => { ok: true; change: PlanChangeRecord } | { ok: false; refusal: R },
): Promise<{ ok: true; change: PlanChangeRow } | { ok: false; refusal: R } | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return undefined;
    const [owned] = await tx.select({ n: sql<number>`count(*)::int` }).from(projects).where(eq(projects.ownerId, userId));
    const decision = decide({ plan: user.plan, ownedProjects: owned?.n ?? 0 });
    if (!decision.ok) return decision;
    await tx.update(users).set({ plan: decision.change.toPlan, updatedAt: new Date() }).where(eq(users.id, userId));
    const [row] = await tx
      .insert(planChanges)
      .values({ userId, fromPlan: user.plan, ...decision.change })
      .returning();
    return { ok: true as const, change: row! };
  });
}

/** A user's plan changes, newest first. */
export async function findPlanChanges(db: Database, userId: string, limit: number): Promise<PlanChangeRow[]> {
  return db.select().from(planChanges).where(eq(planChanges.userId, userId)).orderBy(desc(planChanges.createdAt)).limit(limit);
}

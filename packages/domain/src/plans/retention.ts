import { getPlanTable, PLAN_IDS, type PlanId, type PlanPreset } from './plans.js';

const DAY_MS = 86_400_000;

/**
 * Days a project's logs are kept under its owner's plan. An unknown plan name keeps the longest
 * retention of the table: deleting too little is fixable, deleting too much is not.
 */
export function retentionDaysOf(plan: string, preset: PlanPreset = 'pricing'): number {
  const table = getPlanTable(preset);
  if (!(PLAN_IDS as readonly string[]).includes(plan)) return Math.max(...table.map((p) => p.retentionDays));
  return table.find((p) => p.id === (plan as PlanId))!.retentionDays;
}

/** Days a project's performance rollups (hourly, daily) are kept under its owner's plan; unknown plan: the longest. */
export function perfRetentionDaysOf(plan: string, preset: PlanPreset = 'pricing'): number {
  const table = getPlanTable(preset);
  const found = table.find((p) => p.id === plan);
  return found ? found.performance.retentionDays : Math.max(...table.map((p) => p.performance.retentionDays));
}

/** Midnight (UTC) of the day `now` falls in: log partitions are UTC days. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/**
 * The instant before which a project's logs are deleted: whole UTC days only, so a log is kept
 * at least `retentionDays` days and at most one day more, and each project × day is deleted (and
 * archived, when an archiver is set) once, as a whole.
 */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(startOfUtcDay(now).getTime() - retentionDays * DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

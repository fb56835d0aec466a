import type { TimeRange } from './query-params.js';
import { addDays, ceilHour, zonedDate, zonedMidnight } from './zoned-time.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A closed range of whole UTC hours (rollup buckets): `from` inclusive, `before` exclusive. */
export type HourRange = Required<TimeRange>;

/**
 * The periods of the dashboard stats, all in whole rollup hours ending with the current hour:
 * - total: the last 30 days (720 hours) against the 30 days before;
 * - today: since local midnight in `timeZone` against the same hours of yesterday.
 */
export function dashboardPeriods(now: Date, timeZone: string): { last30: HourRange; previous30: HourRange; today: HourRange; yesterday: HourRange } {
  const before = ceilHour(new Date(now.getTime() + 1));
  const last30 = { from: new Date(before.getTime() - 30 * DAY_MS), before };
  const previous30 = { from: new Date(last30.from.getTime() - 30 * DAY_MS), before: last30.from };
  const midnight = zonedMidnight(zonedDate(now, timeZone), timeZone);
  const today = { from: midnight, before };
  const yesterdayStart = zonedMidnight(addDays(zonedDate(now, timeZone), -1), timeZone);
  const yesterday = { from: yesterdayStart, before: new Date(yesterdayStart.getTime() + (before.getTime() - midnight.getTime())) };
  return { last30, previous30, today, yesterday };
}

/** The last `days` local days up to today, oldest first: each its date and its range. */
export function activityDays(now: Date, days: number, timeZone: string): ({ date: string } & HourRange)[] {
  const today = zonedDate(now, timeZone);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - days + 1);
    return { date, from: zonedMidnight(date, timeZone), before: zonedMidnight(addDays(date, 1), timeZone) };
  });
}

/**
 * Change from `previous` to `current` in percent, one decimal. From zero: 100 when something
 * appeared, 0 when still nothing.
 */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

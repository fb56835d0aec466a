const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface PerfTimeRange {
  from: Date;
  before: Date;
}

/** The window a performance query covers: whole hours, the current one included. */
export interface PerfWindow {
  current: PerfTimeRange;
  /** The same length just before, for trends. */
  previous: PerfTimeRange;
  minutes: number;
}

export function perfWindow(now: Date, days: number): PerfWindow {
  const before = new Date(Math.ceil((now.getTime() + 1) / HOUR_MS) * HOUR_MS);
  const from = new Date(before.getTime() - days * DAY_MS);
  return {
    current: { from, before },
    previous: { from: new Date(from.getTime() - days * DAY_MS), before: from },
    // Throughput divides by the time that has passed, not by the unfinished end of the hour.
    minutes: Math.max(1, (Math.min(now.getTime(), before.getTime()) - from.getTime()) / 60_000),
  };
}

/**
 * Splits an hour-aligned range into what the rollup tables hold: whole UTC days (daily rows)
 * and the hours around them (hourly rows), so a 30-day query reads ~30 rows per route, not 720.
 */
export function rollupSegments(range: PerfTimeRange): { days: PerfTimeRange | null; hours: PerfTimeRange[] } {
  const firstDay = Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(range.before.getTime() / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return { days: null, hours: [range] };
  const hours: PerfTimeRange[] = [];
  if (range.from.getTime() < firstDay) hours.push({ from: range.from, before: new Date(firstDay) });
  if (lastDay < range.before.getTime()) hours.push({ from: new Date(lastDay), before: range.before });
  return { days: { from: new Date(firstDay), before: new Date(lastDay) }, hours };
}

/** Series step of a route detail: hourly up to 7 days, daily beyond. */
export function seriesStepMs(days: number): number {
  return days <= 7 ? HOUR_MS : DAY_MS;
}

/** Start of the minute / hour / UTC day of a time, ms. */
export function floorTo(ms: number, stepMs: number): number {
  return Math.floor(ms / stepMs) * stepMs;
}

/**
 * Where settled history ends: the start of the UTC day that began at least `settledAfterMs`
 * before now. Rollups before it never change (records older than an hour are refused), so
 * the read side may cache them; what comes after is read from today's (and perhaps
 * yesterday's) daily rows, which hold everything up to now.
 */
export function settledBefore(now: Date, settledAfterMs: number): Date {
  return new Date(Math.floor((now.getTime() - settledAfterMs) / DAY_MS) * DAY_MS);
}

/** Daily rows covering [from, before): whole UTC days from `from` (day-aligned) to the day of `before`. */
export function liveDays(from: Date, before: Date): PerfTimeRange {
  return { from, before: new Date(Math.ceil(before.getTime() / DAY_MS) * DAY_MS) };
}

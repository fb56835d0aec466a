import { liveDays, PERF_LIMITS, rollupSegments, settledBefore, type PerfTimeRange } from '@seyir/domain';
import { sumPerfRollups, type PerfSegments, type PerfSums, type SqlClient } from '@seyir/db';

const DAY_MS = 86_400_000;
/** Settled rollups are final; an hour bounds how long a late batch (workers down for hours) or a deleted project lingers. */
const TTL_MS = 60 * 60_000;
/** Histogram entries kept in the cache at most (≈ 10 bytes each, so ≈ 30 MB). */
const MAX_CACHED_BUCKETS = 3_000_000;

/** Per route sums of a window, in parts (settled history, recent rows) that the caller adds up. */
export type SumParts = Map<string, PerfSums>[];

interface Entry {
  at: number;
  buckets: number;
  sums: Promise<Map<string, PerfSums>>;
}

/**
 * Sums of performance rollups over a window, split at `settledBefore`: the settled history
 * (whole days that ended hours ago — records older than an hour are refused, so their rollups
 * are final) is read once per project × environment × segment (its whole days, and the hours
 * before them), for every route, and kept in memory up to an hour as compact histograms; the
 * routes list, a route's detail and the summary all take theirs from it. The recent part is read on every call from today's (and
 * until 02:00 UTC yesterday's) daily rows: one row per route, not one per minute.
 */
export class PerfHistory {
  private readonly cache = new Map<string, Entry>();
  private cachedBuckets = 0;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async parts(sql: SqlClient, projectId: string, range: PerfTimeRange, filter: { environment?: string | undefined; routeId?: string | undefined }): Promise<SumParts> {
    const now = this.clock();
    const settled = settledBefore(now, PERF_LIMITS.settledAfterMs);
    const parts: Promise<Map<string, PerfSums>>[] = [];
    if (range.from < settled) {
      // Whole days and the hours around them are cached apart: the window's start moves every
      // hour, the days part only once a day, so most cold reads are a few hourly rows per route.
      const segments = rollupSegments({ from: range.from, before: new Date(Math.min(settled.getTime(), range.before.getTime())) });
      if (segments.days) parts.push(this.settled(sql, projectId, { days: segments.days, hours: [] }, filter.environment, now.getTime()));
      for (const hours of segments.hours) parts.push(this.settled(sql, projectId, { days: null, hours: [hours] }, filter.environment, now.getTime()));
    }
    if (range.before > settled) {
      const from = new Date(Math.max(settled.getTime(), range.from.getTime()));
      parts.push(sumPerfRollups(sql, projectId, { segments: recentSegments(from, range.before), environment: filter.environment, routeId: filter.routeId, byRoute: true }));
    }
    return Promise.all(parts);
  }

  private settled(sql: SqlClient, projectId: string, segments: PerfSegments, environment: string | undefined, nowMs: number): Promise<Map<string, PerfSums>> {
    const range = segments.days ?? segments.hours[0]!;
    const key = [projectId, environment ?? '', segments.days ? 'd' : 'h', range.from.getTime(), range.before.getTime()].join('|');
    const hit = this.cache.get(key);
    if (hit) this.cache.delete(key); // re-inserted below or after the read: most recently used last
    if (hit && nowMs - hit.at < TTL_MS) {
      this.cache.set(key, hit);
      return hit.sums;
    }
    if (hit) this.cachedBuckets -= hit.buckets;
    // The promise is cached at once, so concurrent cold calls read the history once.
    const entry: Entry = { at: nowMs, buckets: 0, sums: sumPerfRollups(sql, projectId, { segments, environment, byRoute: true }) };
    this.cache.set(key, entry);
    entry.sums.then(
      (sums) => {
        if (this.cache.get(key) !== entry) return;
        for (const s of sums.values()) entry.buckets += s.hist.buckets.length;
        this.cachedBuckets += entry.buckets;
        // Least recently used first (a Map iterates in insertion order) until the cache fits its budget.
        for (const [k, e] of this.cache) {
          if (this.cachedBuckets <= MAX_CACHED_BUCKETS || k === key) break;
          this.forget(k, e);
        }
      },
      () => this.cache.get(key) === entry && this.forget(key, entry),
    );
    return entry.sums;
  }

  private forget(key: string, entry: Entry): void {
    this.cache.delete(key);
    this.cachedBuckets -= entry.buckets;
  }
}

/**
 * Segments of a recent range that ends now: hourly rows up to the next UTC midnight, then daily
 * rows (today's daily row holds everything up to now, so no hourly rows are needed at the end).
 */
export function recentSegments(from: Date, before: Date): PerfSegments {
  const firstMidnight = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
  const hours = firstMidnight > from ? [{ from, before: new Date(Math.min(firstMidnight.getTime(), before.getTime())) }] : [];
  const days = firstMidnight < before ? liveDays(firstMidnight, before) : null;
  return { days, hours };
}

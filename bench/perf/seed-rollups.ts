import { addPerfRollups, ensurePerfRoutes, perfRouteKey, type SqlClient } from '@seyir/db';
import { PERF_LIMITS, perfWindow, type JobTiming } from '@seyir/domain';
import { timingRollups } from '@seyir/pipeline';

const DAY_MS = 86_400_000;

/** Deterministic PRNG (mulberry32) and a log-normal sampler with a slow mode. */
export function sampler(seed: number): (median: number) => number {
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (median: number) => {
    const u = Math.max(1e-12, random());
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    return Math.exp(Math.log(median * (random() < 0.03 ? 8 : 1)) + 0.5 * normal);
  };
}

export interface SeededRoutes {
  /** Route template → its raw durations, sorted (the exact side of the accuracy check). */
  raw: Map<string, Float64Array>;
  /** Route ids, in creation order. */
  ids: string[];
  /** Rollup rows written, per resolution. */
  rows: Record<1 | 60 | 1440, number>;
}

/**
 * `days` × `routes` of rollups as the worker makes them: timing records generated one per
 * `60 / perMinute` seconds per route (log-normal durations, 1 % of 5xx on every third route),
 * rolled up by the pipeline's own `timingRollups` (minute, hourly and daily rows) and written
 * by `addPerfRollups`. Minute rows older than the minute retention are left out, as the hourly
 * cleanup would have deleted them, so the tables hold what a project has after `days` of traffic.
 */
export async function seedRouteRollups(
  sql: SqlClient,
  projectId: string,
  options: { routes: number; days: number; perMinute: number; now: number; environment: string },
): Promise<SeededRoutes> {
  const keys = Array.from({ length: options.routes }, (_, r) => ({ method: r % 5 === 0 ? 'POST' : 'GET', route: `/svc/${r}/{id}` }));
  const routeIds = await ensurePerfRoutes(sql, projectId, keys, { maxRoutes: PERF_LIMITS.maxRoutesPerProject, overflowRoute: '(diğer)' });
  const minuteCutoff = options.now - PERF_LIMITS.minuteRollupDays * DAY_MS;
  const stepMs = 60_000 / options.perMinute;
  // Exactly the API's window of `days` (whole hours up to the current one): the raw durations
  // kept for the accuracy check are then the very requests the API's percentiles cover.
  const firstMs = perfWindow(new Date(options.now), options.days).current.from.getTime();
  const sample = sampler(23);
  const raw = new Map<string, Float64Array>();
  const rows = { 1: 0, 60: 0, 1440: 0 };
  for (let r = 0; r < keys.length; r++) {
    const { method, route } = keys[r]!;
    const routeId = routeIds.get(perfRouteKey(method, route))!;
    const durations = new Float64Array(Math.ceil((options.now - firstMs) / stepMs));
    let n = 0;
    // A UTC day at a time: one call of the worker's rollup code per route × day.
    for (let day = Math.floor(firstMs / DAY_MS) * DAY_MS; day < options.now; day += DAY_MS) {
      const timings: JobTiming[] = [];
      for (let t = Math.max(day, firstMs), i = 0; t < Math.min(day + DAY_MS, options.now); t += stepMs, i++) {
        const durationMs = sample(5 + (r % 40) * 6);
        durations[n++] = durationMs;
        const status = r % 3 !== 0 && i % Math.round(100 / (r % 3)) === 0 ? 503 : 200;
        timings.push({ route, method, status, durationMs, timestampMs: t, environment: options.environment, release: '', host: 'seed', requestId: null, request: null, response: null });
      }
      const deltas = timingRollups(timings, () => routeId).filter((d) => d.res !== 1 || d.t.getTime() >= minuteCutoff);
      for (const d of deltas) rows[d.res]++;
      for (let i = 0; i < deltas.length; i += 2000) await addPerfRollups(sql, projectId, deltas.slice(i, i + 2000));
    }
    raw.set(route, durations.subarray(0, n).sort());
  }
  return { raw, ids: keys.map((k) => routeIds.get(perfRouteKey(k.method, k.route))!), rows };
}

/**
 * `npm run bench:perf -- --json`: performance monitoring end to end on the distributed topology
 * (testkit PostgreSQL + Redis, gateway and worker as processes, as bench:ingest runs them).
 *
 * 1. Ingest: open-loop 5,000 timing records/s for 60 s (batches of 500 over 50 routes) through
 *    POST /api/ingest/timings → BullMQ `timings` → worker → rollups; records_per_s is what the
 *    rollups counted divided by the time until the last one was counted.
 * 2. Read: 30 days × 200 routes of rollups made by the worker's own rollup code (timingRollups →
 *    addPerfRollups: minute rows for the last 2 days, hourly and daily rows for 30; see
 *    seed-rollups.ts), then the routes list, route detail and summary API timed (30 days). The
 *    first routes call is reported apart (`routes_cold_ms`: it reads the settled history that
 *    the gateway then keeps for 10 minutes). Baseline in the same run: GET /api/v1/projects/{id}.
 *    The `*_in_process_*` figures are the same service calls made in this process (no HTTP, auth
 *    or gateway event loop): the read path's own cost, less noisy on a shared machine.
 * 3. Accuracy: every p50/p95/p99 the API answers (seeded routes and ingested routes) against
 *    the exact nearest-rank percentile of the raw durations generated; the largest relative error.
 *
 * Prints one JSON object on stdout; progress on stderr. Options: --rate, --seconds, --calls.
 */
import { openDatabase } from '@seyir/db';
import { exactPercentile } from '@seyir/domain';
import { getPerfRouteDetail, listPerfRoutes } from '../../apps/gateway/src/services/performance.js';
import { ApiClient } from '../../apps/gateway/src/test/api-client.js';
import { percentile } from '../ingest/processes.js';
import { numberArg } from '../lib/args.js';
import { startBenchTopology } from '../ingest/topology.js';
import { sampler, seedRouteRollups } from './seed-rollups.js';

const RATE = numberArg('rate', 5000);
const SECONDS = numberArg('seconds', 60);
const CALLS = numberArg('calls', 60);
const BATCH = 500;
const INGEST_ROUTES = 50;
const SEED_ROUTES = numberArg('routes', 200);
const SEED_DAYS = 30;
const SEED_PER_MINUTE = 1;
const log = (message: string) => process.stderr.write(`[bench:perf] ${message}\n`);

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

function relativeErrors(raw: Map<string, Float64Array>, items: { route: string; p50_ms: number; p95_ms: number; p99_ms: number }[]): number[] {
  const errors: number[] = [];
  for (const item of items) {
    const sorted = raw.get(item.route);
    if (!sorted) continue;
    for (const [q, value] of [[0.5, item.p50_ms], [0.95, item.p95_ms], [0.99, item.p99_ms]] as const) {
      const exact = exactPercentile(sorted, q);
      const error = Math.abs(value - exact) / exact;
      if (error > 0.011) log(`${item.route} q=${q}: API ${value} ms, exact ${exact} ms (n=${sorted.length})`);
      errors.push(error);
    }
  }
  return errors;
}

async function timed(calls: number, call: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const response = await call(i);
    if (response.status !== 200) throw new Error(`API answered ${response.status}`);
    ms.push(performance.now() - t0);
  }
  return ms;
}

async function main(): Promise<void> {
  const topology = await startBenchTopology(log);
  const { handle, base } = topology;
  const api = new ApiClient(base);
  const { token, user } = await api.signUp('perfbench');
  await handle.sql.query(`UPDATE users SET plan = 'professional' WHERE id = $1`, [user.id]);
  const ingestProject = (await api.createProject(token, 'Perf ingest', ['production'])).id;
  const seededProject = (await api.createProject(token, 'Perf seeded', ['production'])).id;
  const key = (await api.post(`/api/v1/projects/${ingestProject}/api-keys/`, { name: 'bench' }, token)).body.key as string;

  // ---- 1. ingest --------------------------------------------------------------------------
  const sample = sampler(11);
  const ingestRaw = new Map<string, number[]>();
  const makeBatch = () =>
    Array.from({ length: BATCH }, (_, i) => {
      const r = Math.floor(Math.random() * INGEST_ROUTES);
      const route = `/api/v1/items/${r}/{id}`;
      const duration = Math.round(sample(10 + r * 4) * 1000) / 1000;
      return { route, method: 'GET', status: i % 100 === 0 ? 503 : 200, duration_ms: duration, request_id: `b${i}`, host: 'bench-1' };
    });
  /** Raw durations of the accepted batches only: the exact side of the accuracy check. */
  const keepRaw = (batch: ReturnType<typeof makeBatch>) => {
    for (const record of batch) {
      const list = ingestRaw.get(record.route) ?? [];
      list.push(record.duration_ms);
      ingestRaw.set(record.route, list);
    }
  };
  const counted = async () =>
    Number((await handle.sql.query<{ n: number }>(`SELECT coalesce(sum(count), 0)::bigint AS n FROM perf_rollups WHERE project_id = $1 AND res = 1440`, [ingestProject])).rows[0]!.n);
  const headers = { 'content-type': 'application/json', 'x-seyir-key': key };
  log(`ingesting ${RATE} records/s for ${SECONDS} s`);
  const batchesPerS = RATE / BATCH;
  let accepted = 0;
  let refused = 0;
  const httpMs: number[] = [];
  const inflight = new Set<Promise<void>>();
  const started = performance.now();
  for (let i = 0; performance.now() - started < SECONDS * 1000; i++) {
    const due = started + (i / batchesPerS) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const batch = makeBatch();
    const body = JSON.stringify(batch);
    const p = (async () => {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/ingest/timings`, { method: 'POST', headers, body });
      const answer = (await response.json()) as { accepted?: number };
      httpMs.push(performance.now() - t0);
      if (response.status === 202) {
        accepted += answer.accepted ?? 0;
        keepRaw(batch);
      } else refused += BATCH;
    })();
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }
  await Promise.all(inflight);
  const deadline = performance.now() + 120_000;
  let stored = await counted();
  while (stored < accepted && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    stored = await counted();
  }
  const recordsPerS = Math.round(stored / ((performance.now() - started) / 1000));
  log(`ingest: ${stored} of ${accepted} accepted records counted (${refused} refused), ${recordsPerS}/s`);

  // ---- 2. seed 30 days × 200 routes of rollups -----------------------------------------------
  log(`seeding ${SEED_DAYS} days x ${SEED_ROUTES} routes of rollups (${SEED_PER_MINUTE} records per route and minute)`);
  const seedStarted = performance.now();
  const seeded = await seedRouteRollups(handle.sql, seededProject, { routes: SEED_ROUTES, days: SEED_DAYS, perMinute: SEED_PER_MINUTE, now: Date.now(), environment: 'production' });
  const seedRaw = seeded.raw;
  await handle.sql.query('ANALYZE perf_rollups');
  log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${JSON.stringify(seeded.rows)} rows per resolution`);

  // ---- 3. API timings and accuracy -------------------------------------------------------------
  const get = (path: string) => api.get(path, token);
  const coldStarted = performance.now();
  await get(`/api/v1/projects/${seededProject}/performance/routes?days=30`);
  const routesColdMs = performance.now() - coldStarted;
  const baselineMs = await timed(CALLS, () => get(`/api/v1/projects/${seededProject}`));
  const routesMs = await timed(CALLS, () => get(`/api/v1/projects/${seededProject}/performance/routes?days=30`));
  const routeIds = seeded.ids;
  const detailMs = await timed(CALLS, (i) => get(`/api/v1/projects/${seededProject}/performance/routes/${routeIds[(i * 37) % routeIds.length]}?days=30`));
  const summaryMs = await timed(Math.ceil(CALLS / 3), () => get(`/api/v1/projects/${seededProject}/performance/summary?days=30`));

  // The same calls in this process, without HTTP, auth or the gateway's event loop: the read
  // path's own cost (this process has its own settled-history cache, so its first call is cold).
  const direct = await openDatabase({ databaseUrl: topology.databaseUrl, poolSize: 4 });
  const deps = { database: direct, now: () => new Date() };
  const routesQuery = { days: 30, sort: 'throughput' as const, limit: 200 };
  const directColdStarted = performance.now();
  await listPerfRoutes(deps, seededProject, routesQuery);
  const directColdMs = performance.now() - directColdStarted;
  const directRoutesMs = await timed(CALLS, async () => (await listPerfRoutes(deps, seededProject, routesQuery), { status: 200 }));
  const directDetailMs = await timed(CALLS, async (i) => (await getPerfRouteDetail(deps, seededProject, routeIds[(i * 37) % routeIds.length]!, { days: 30 }), { status: 200 }));
  await direct.close();

  const seededList = (await get(`/api/v1/projects/${seededProject}/performance/routes?days=30&limit=1000`)).body.items;
  const ingestList = (await get(`/api/v1/projects/${ingestProject}/performance/routes?days=1&limit=1000`)).body.items;
  const ingestSorted = new Map([...ingestRaw].map(([route, values]) => [route, Float64Array.from(values).sort()]));
  const errors = [...relativeErrors(seedRaw, seededList), ...relativeErrors(ingestSorted, ingestList)];
  const seededCounts = seededList.length === SEED_ROUTES;

  await topology.destroy();
  const result = {
    records_per_s: recordsPerS,
    routes_p95_ms: round(percentile(routesMs, 95)),
    route_detail_p95_ms: round(percentile(detailMs, 95)),
    percentile_max_rel_error: round(Math.max(...errors), 5),
    routes_cold_ms: round(routesColdMs),
    routes_in_process_p95_ms: round(percentile(directRoutesMs, 95)),
    route_detail_in_process_p95_ms: round(percentile(directDetailMs, 95)),
    routes_in_process_cold_ms: round(directColdMs),
    summary_p95_ms: round(percentile(summaryMs, 95)),
    baseline_project_get_p95_ms: round(percentile(baselineMs, 95)),
    ingest_http_p99_ms: round(percentile(httpMs, 99)),
    ingest_target_per_s: RATE,
    ingest_seconds: SECONDS,
    records_accepted: accepted,
    records_counted: stored,
    records_refused: refused,
    percentiles_checked: errors.length,
    seeded_routes_listed: seededCounts,
    seeded_rollup_rows: seeded.rows,
    error_bound: 0.01,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:perf failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});

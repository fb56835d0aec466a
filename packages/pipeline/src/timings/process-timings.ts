import {
  bucketOf,
  isServerError,
  LatencyHistogram,
  MAX_ENVIRONMENTS,
  OVERFLOW_ROUTE,
  PERF_LIMITS,
  type JobTiming,
  type TimingJob,
} from '@seyir/domain';
import {
  addPerfRollups,
  addProjectEnvironments,
  claimPerfBatch,
  ensurePerfRoutes,
  getIngestProject,
  insertPerfRequests,
  perfRouteKey,
  type DatabaseHandle,
  type PerfRequestRow,
  type PerfRollupDelta,
} from '@seyir/db';

export interface TimingDeps {
  database: Pick<DatabaseHandle, 'sql' | 'transaction'>;
}

export interface TimingOutcome {
  projectId: string;
  /** Records added to the rollups (0 when the batch had been processed before: a retry). */
  added: number;
  /** Requests kept with their detail. */
  detailed: number;
  /** What the batch added per route and environment (for latency and error_rate alerts); empty for a retry. */
  routes: TimingRouteSums[];
  /** The project has an enabled latency or error_rate rule (read with the project): else no alert job. */
  alertable: boolean;
}

/** A batch's requests of one route in one environment: counts and packed latency histogram. */
export interface TimingRouteSums {
  routeId: string;
  environment: string;
  count: number;
  errors: number;
  hist: number[];
}

/** Per route × environment sums of a batch, from its daily deltas (two when it spans midnight). */
export function routeSumsOf(deltas: readonly PerfRollupDelta[]): TimingRouteSums[] {
  const sums = new Map<string, { routeId: string; environment: string; count: number; errors: number; histogram: LatencyHistogram }>();
  for (const d of deltas) {
    if (d.res !== 1440) continue;
    const key = `${d.routeId}|${d.environment}`;
    let s = sums.get(key);
    if (!s) sums.set(key, (s = { routeId: d.routeId, environment: d.environment, count: 0, errors: 0, histogram: new LatencyHistogram() }));
    s.count += d.count;
    s.errors += d.errors;
    s.histogram.addPacked(d.hist);
  }
  return [...sums.values()].map(({ histogram, ...rest }) => ({ ...rest, hist: histogram.packed() }));
}

const MINUTE_MS = 60_000;
const COARSER = [
  { res: 60, ms: 3_600_000 },
  { res: 1440, ms: 86_400_000 },
] as const;

interface Cell {
  res: 1 | 60 | 1440;
  t: number;
  routeId: string;
  environment: string;
  count: number;
  errors: number;
  sumMs: number;
  histogram: LatencyHistogram;
}

function cellIn(cells: Map<string, Cell>, res: Cell['res'], t: number, routeId: string, environment: string): Cell {
  const key = `${res}|${t}|${routeId}|${environment}`;
  let cell = cells.get(key);
  if (!cell) {
    cell = { res, t, routeId, environment, count: 0, errors: 0, sumMs: 0, histogram: new LatencyHistogram() };
    cells.set(key, cell);
  }
  return cell;
}

/**
 * Per-minute, hourly and daily rollup deltas of a batch: count, 5xx errors, duration sum and a
 * latency histogram per route × environment × period. Records go into minute cells (one bucket
 * computation each); hours and days are sums of those cells, so the coarser tiers hold exactly
 * the same buckets. Pure: the caller writes them.
 */
export function timingRollups(timings: readonly JobTiming[], routeIdOf: (t: JobTiming) => string): PerfRollupDelta[] {
  const minutes = new Map<string, Cell>();
  for (const timing of timings) {
    const cell = cellIn(minutes, 1, Math.floor(timing.timestampMs / MINUTE_MS) * MINUTE_MS, routeIdOf(timing), timing.environment);
    cell.count++;
    if (isServerError(timing.status)) cell.errors++;
    cell.sumMs += timing.durationMs;
    cell.histogram.addBucket(bucketOf(timing.durationMs), 1);
  }
  const coarse = new Map<string, Cell>();
  for (const minute of minutes.values()) {
    for (const { res, ms } of COARSER) {
      const cell = cellIn(coarse, res, Math.floor(minute.t / ms) * ms, minute.routeId, minute.environment);
      cell.count += minute.count;
      cell.errors += minute.errors;
      cell.sumMs += minute.sumMs;
      cell.histogram.merge(minute.histogram);
    }
  }
  return [...minutes.values(), ...coarse.values()].map((c) => ({
    res: c.res,
    t: new Date(c.t),
    routeId: c.routeId,
    environment: c.environment,
    count: c.count,
    errors: c.errors,
    sumMs: c.sumMs,
    hist: c.histogram.packed(),
  }));
}

/**
 * Requests of a batch kept with their detail: those the client sent detail for (slow or
 * failed), then the slowest of each route, at most PERF_LIMITS.maxDetailedPerBatch.
 */
export function detailedRequests(timings: readonly JobTiming[], routeIdOf: (t: JobTiming) => string): PerfRequestRow[] {
  const row = (t: JobTiming, kind: PerfRequestRow['kind']): PerfRequestRow => ({
    routeId: routeIdOf(t),
    timestamp: new Date(t.timestampMs),
    environment: t.environment,
    status: t.status,
    durationMs: t.durationMs,
    requestId: t.requestId,
    release: t.release,
    host: t.host,
    kind,
    request: kind === 'slowest' ? null : t.request,
    response: kind === 'slowest' ? null : t.response,
  });
  const kept = new Set<JobTiming>();
  const rows: PerfRequestRow[] = [];
  const withDetail = timings.filter((t) => t.request || t.response).sort((a, b) => b.durationMs - a.durationMs);
  for (const t of withDetail.slice(0, PERF_LIMITS.maxDetailedPerBatch)) {
    kept.add(t);
    rows.push(row(t, isServerError(t.status) ? 'error' : 'slow'));
  }
  const slowest = new Map<string, JobTiming>();
  for (const t of timings) {
    const id = routeIdOf(t);
    const seen = slowest.get(id);
    if (!seen || t.durationMs > seen.durationMs) slowest.set(id, t);
  }
  for (const t of slowest.values()) {
    if (rows.length >= PERF_LIMITS.maxDetailedPerBatch) break;
    if (!kept.has(t)) rows.push(row(t, 'slowest'));
  }
  return rows;
}

/**
 * Stores one timing batch, exactly once however often it is retried: in one transaction it
 * records the batch id (a retry finds it and adds nothing), creates unseen routes, and adds to
 * the minute, hourly and daily rollups. Kept apart from the log pipeline (its own queue and
 * job type): timings never wait behind log batches, nor logs behind timings.
 */
export async function processTimings(deps: TimingDeps, job: TimingJob): Promise<TimingOutcome> {
  const none: TimingOutcome = { projectId: job.projectId, added: 0, detailed: 0, routes: [], alertable: false };
  const project = await getIngestProject(deps.database.sql, job.projectId);
  if (!project) return none;
  const newEnvironments = [...new Set(job.timings.map((t) => t.environment))].filter((e) => !project.environments.includes(e));
  const room = Math.max(0, MAX_ENVIRONMENTS - project.environments.length);
  const allowed = new Set([...project.environments, ...newEnvironments.slice(0, room)]);
  const timings = job.timings.filter((t) => allowed.has(t.environment));
  if (timings.length === 0) return none;

  return deps.database.transaction(async (sql) => {
    if (!(await claimPerfBatch(sql, job.batchId))) return none;
    await addProjectEnvironments(sql, job.projectId, newEnvironments.slice(0, room));
    const routes = await ensurePerfRoutes(
      sql,
      job.projectId,
      timings.map((t) => ({ method: t.method, route: t.route })),
      { maxRoutes: PERF_LIMITS.maxRoutesPerProject, overflowRoute: OVERFLOW_ROUTE },
    );
    const routeIdOf = (t: JobTiming) => routes.get(perfRouteKey(t.method, t.route))!;
    const deltas = timingRollups(timings, routeIdOf);
    await addPerfRollups(sql, job.projectId, deltas);
    const details = detailedRequests(timings, routeIdOf);
    await insertPerfRequests(sql, job.projectId, details);
    const alertable = project.hasPerfAlertRules;
    return { projectId: job.projectId, added: timings.length, detailed: details.length, routes: alertable ? routeSumsOf(deltas) : [], alertable };
  });
}

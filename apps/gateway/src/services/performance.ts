import {
  apdex,
  AppError,
  floorTo,
  DenseHistogram,
  HISTOGRAM_RELATIVE_ERROR,
  PERF_MESSAGES,
  perfFigures,
  perfTrend,
  perfWindow,
  seriesStepMs,
  type PerfAggregate,
  type PerfRequestItem,
  type PerfRouteDetail,
  type PerfRouteDetailQuery,
  type PerfRouteItem,
  type PerfRoutesPage,
  type PerfRoutesQuery,
  type PerfSummary,
  type PerfSummaryQuery,
} from '@seyir/domain';
import { findPerfRouteRows, findPerfRoutes, findSlowestPerfRequests } from '@seyir/db';
import type { AppDeps } from '../deps.js';
import { PerfHistory, type SumParts } from './perf-history.js';

type ReadDeps = Pick<AppDeps, 'database' | 'now'>;
const SLOWEST_LIMIT = 20;

/**
 * The sums of one route (or of every route when `routeId` is undefined) over the parts of a
 * window, added into `into` (a reused dense histogram: no allocation per route).
 */
function aggregateOf(parts: SumParts, routeId: string | undefined, into: DenseHistogram): PerfAggregate {
  into.clear();
  let count = 0;
  let errors = 0;
  for (const part of parts) {
    for (const sums of routeId === undefined ? part.values() : [part.get(routeId)]) {
      if (!sums) continue;
      count += sums.count;
      errors += sums.errors;
      into.addCompact(sums.hist);
    }
  }
  return { count, errors, histogram: into };
}

/** Settled history is merged once per process and kept a few minutes (see PerfHistory). */
const history = new PerfHistory();

/** Per route: throughput, error rate, p50/p95/p99 and the trend against the previous period. */
export async function listPerfRoutes(deps: ReadDeps, projectId: string, query: PerfRoutesQuery): Promise<PerfRoutesPage> {
  const window = perfWindow(deps.now(), query.days);
  const sql = deps.database.sql;
  const filter = { environment: query.environment };
  const [current, previous, routes] = await Promise.all([
    history.parts(sql, projectId, window.current, filter),
    history.parts(sql, projectId, window.previous, filter),
    findPerfRoutes(sql, projectId),
  ]);
  const items: PerfRouteItem[] = [];
  const scratch = new DenseHistogram();
  for (const route of routes) {
    if (!current.some((part) => part.has(route.id))) continue;
    const figures = perfFigures(aggregateOf(current, route.id, scratch), window.minutes);
    const before = perfFigures(aggregateOf(previous, route.id, scratch), query.days * 1440);
    items.push({ id: route.id, method: route.method, route: route.route, ...figures, trend: perfTrend(figures, before) });
  }
  const by: Record<PerfRoutesQuery['sort'], (a: PerfRouteItem, b: PerfRouteItem) => number> = {
    throughput: (a, b) => b.requests - a.requests,
    error_rate: (a, b) => b.error_rate - a.error_rate || b.requests - a.requests,
    p50: (a, b) => (b.p50_ms ?? 0) - (a.p50_ms ?? 0),
    p95: (a, b) => (b.p95_ms ?? 0) - (a.p95_ms ?? 0),
    p99: (a, b) => (b.p99_ms ?? 0) - (a.p99_ms ?? 0),
    route: (a, b) => a.route.localeCompare(b.route, 'tr') || a.method.localeCompare(b.method),
  };
  items.sort((a, b) => by[query.sort](a, b) || a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
  return {
    days: query.days,
    environment: query.environment ?? null,
    items: items.slice(0, query.limit),
    percentile_error_bound: HISTOGRAM_RELATIVE_ERROR,
  };
}

/**
 * Path of the web app's logs screen listing a request's logs: the search language's
 * `context.request_id:` (the Python client puts the request id there on every log).
 */
export function logsUrlFor(projectId: string, requestId: string | null): string | null {
  if (!requestId) return null;
  return `/projects/${projectId}/logs?q=${encodeURIComponent(`context.request_id:"${requestId}"`)}`;
}

/** One route: its figures, a time series of them, and its slowest recent requests. */
export async function getPerfRouteDetail(deps: ReadDeps, projectId: string, routeId: string, query: PerfRouteDetailQuery): Promise<PerfRouteDetail> {
  const sql = deps.database.sql;
  const [route] = /^\d{1,18}$/.test(routeId) ? await findPerfRoutes(sql, projectId, [routeId]) : [];
  if (!route) throw new AppError('NOT_FOUND', PERF_MESSAGES.routeNotFound);
  const window = perfWindow(deps.now(), query.days);
  const stepMs = seriesStepMs(query.days);
  // Series steps are hours up to 7 days (hourly rows), else UTC days (daily rows; the first
  // step then covers its whole day). The figures come from the same sums as the routes list.
  const [rows, sums, slowest] = await Promise.all([
    findPerfRouteRows(sql, projectId, route.id, { res: stepMs === 3_600_000 ? 60 : 1440, from: new Date(floorTo(window.current.from.getTime(), stepMs)), before: window.current.before }, query.environment),
    history.parts(sql, projectId, window.current, { environment: query.environment, routeId: route.id }),
    findSlowestPerfRequests(sql, projectId, route.id, { from: window.current.from, environment: query.environment, limit: SLOWEST_LIMIT }),
  ]);
  const figures = perfFigures(aggregateOf(sums, route.id, new DenseHistogram()), window.minutes);
  const steps = new Map<number, { count: number; errors: number; hist: string[] }>();
  for (let t = floorTo(window.current.from.getTime(), stepMs); t < window.current.before.getTime(); t += stepMs) steps.set(t, { count: 0, errors: 0, hist: [] });
  for (const row of rows) {
    const step = steps.get(floorTo(row.t.getTime(), stepMs));
    if (!step) continue;
    step.count += row.count;
    step.errors += row.errors;
    step.hist.push(row.hist);
  }
  const scratch = new DenseHistogram();
  return {
    route,
    days: query.days,
    environment: query.environment ?? null,
    figures,
    step_seconds: stepMs / 1000,
    series: [...steps.entries()].map(([t, a]) => {
      scratch.clear();
      for (const hist of a.hist) scratch.addPacked(hist);
      const f = perfFigures({ count: a.count, errors: a.errors, histogram: scratch }, stepMs / 60_000);
      return { t: new Date(t).toISOString(), requests: f.requests, errors: f.errors, p50_ms: f.p50_ms, p95_ms: f.p95_ms, p99_ms: f.p99_ms };
    }),
    slowest: slowest.map(
      (r): PerfRequestItem => ({
        timestamp: r.timestamp.toISOString(),
        environment: r.environment,
        status: r.status,
        duration_ms: Math.round(r.durationMs * 100) / 100,
        request_id: r.requestId,
        release: r.release,
        host: r.host,
        kind: r.kind,
        request: r.request,
        response: r.response,
        logs_url: logsUrlFor(projectId, r.requestId),
      }),
    ),
    percentile_error_bound: HISTOGRAM_RELATIVE_ERROR,
  };
}

/** The cards: requests/min, error rate, p95 and Apdex(T) across all routes. */
export async function getPerfSummary(deps: ReadDeps, projectId: string, query: PerfSummaryQuery): Promise<PerfSummary> {
  const window = perfWindow(deps.now(), query.days);
  const sql = deps.database.sql;
  const filter = { environment: query.environment };
  const [current, previous, routes] = await Promise.all([
    history.parts(sql, projectId, window.current, filter),
    history.parts(sql, projectId, window.previous, filter),
    findPerfRoutes(sql, projectId),
  ]);
  const now = aggregateOf(current, undefined, new DenseHistogram());
  const figures = perfFigures(now, window.minutes);
  return {
    days: query.days,
    environment: query.environment ?? null,
    ...figures,
    apdex: apdex(now.histogram, query.apdex_t, now.errors),
    apdex_t_ms: query.apdex_t,
    routes: routes.length,
    trend: perfTrend(figures, perfFigures(aggregateOf(previous, undefined, new DenseHistogram()), query.days * 1440)),
    percentile_error_bound: HISTOGRAM_RELATIVE_ERROR,
  };
}

import { z } from 'zod';
import { ENVIRONMENT_PATTERN, normalizeEnvironment } from '../projects/environments.js';
import { intParam, withoutBlanks } from '../read/query-params.js';
import { PERF_MESSAGES as M } from './messages.js';

export const PERF_DEFAULT_DAYS = 1;
export const PERF_MAX_DAYS = 90;
export const PERF_ROUTE_SORTS = ['throughput', 'error_rate', 'p50', 'p95', 'p99', 'route'] as const;
export type PerfRouteSort = (typeof PERF_ROUTE_SORTS)[number];
/** Apdex threshold T by default, ms (the usual 0.5 s). */
export const APDEX_DEFAULT_T_MS = 500;

const environmentParam = z
  .string({ error: M.environmentFilterInvalid })
  .transform(normalizeEnvironment)
  .pipe(z.string().regex(ENVIRONMENT_PATTERN, { error: M.environmentFilterInvalid }))
  .optional();
const daysParam = intParam({ min: 1, max: PERF_MAX_DAYS, default: PERF_DEFAULT_DAYS, message: M.daysInvalid });

/** GET …/performance/routes. */
export const PerfRoutesQuerySchema = z.preprocess(
  withoutBlanks,
  z.object({
    environment: environmentParam,
    days: daysParam,
    sort: z
      .string({ error: M.sortInvalid })
      .trim()
      .toLowerCase()
      .pipe(z.enum(PERF_ROUTE_SORTS, { error: M.sortInvalid }))
      .default('throughput'),
    limit: intParam({ min: 1, max: 1000, default: 200, message: M.limitInvalid }),
  }),
);
export type PerfRoutesQuery = z.infer<typeof PerfRoutesQuerySchema>;

/** GET …/performance/routes/{routeId}. */
export const PerfRouteDetailQuerySchema = z.preprocess(withoutBlanks, z.object({ environment: environmentParam, days: daysParam }));
export type PerfRouteDetailQuery = z.infer<typeof PerfRouteDetailQuerySchema>;

/** GET …/performance/summary. */
export const PerfSummaryQuerySchema = z.preprocess(
  withoutBlanks,
  z.object({
    environment: environmentParam,
    days: daysParam,
    apdex_t: intParam({ min: 1, max: 60_000, default: APDEX_DEFAULT_T_MS, message: M.apdexInvalid }),
  }),
);
export type PerfSummaryQuery = z.infer<typeof PerfSummaryQuerySchema>;

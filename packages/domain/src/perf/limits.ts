/** Limits on what a client controls in timing records, and on what the worker keeps. */
export const PERF_LIMITS = {
  /** Records in one `POST /api/ingest/timings`. */
  maxBatchRecords: 1000,
  maxRouteChars: 200,
  /** Longest duration accepted, ms (1 h). */
  maxDurationMs: 3_600_000,
  /** Records older than this are refused (figures are near real time). */
  maxAgeMs: 24 * 3600 * 1000,
  /** Distinct method + route pairs of a project; past it new ones count under OVERFLOW_ROUTE. */
  maxRoutesPerProject: 1000,
  /** Requests with full detail kept from one batch (slow or failed ones, then the slowest per route). */
  maxDetailedPerBatch: 100,
  /** How long request details (slowest / failed requests) are kept. */
  requestDetailDays: 7,
  /** Minute rollups are kept this long; hourly and daily ones follow the plan's retention. */
  minuteRollupDays: 2,
} as const;

/** Route that collects the records of a project past its route limit. */
export const OVERFLOW_ROUTE = '(diğer)';

/** Limits on what a client controls in timing records, and on what the worker keeps. */
export const PERF_LIMITS = {
  /** Records in one `POST /api/ingest/timings`. */
  maxBatchRecords: 1000,
  maxRouteChars: 200,
  /** Longest duration accepted, ms (1 h). */
  maxDurationMs: 3_600_000,
  /**
   * Records older than this are refused (figures are near real time; the Python client sends
   * within seconds and gives up after minutes). It also lets the read side treat whole days
   * that ended before `settledAfterMs` ago as final and cache them.
   */
  maxAgeMs: 3600 * 1000,
  /** Rollups of periods that ended this long ago no longer change (max age + queue lag margin). */
  settledAfterMs: 2 * 3600 * 1000,
  /** Records in one queued job: the gateway joins a project's concurrent requests up to this. */
  maxJobRecords: 10_000,
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

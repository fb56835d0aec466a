import { getPlanTable, PERF_LIMITS } from '@seyir/domain';
import { deleteOldPerfData, type SqlClient } from '@seyir/db';

/** Hourly/daily performance rollups are kept as long as the plan table says (the longest plan's). */
const ROLLUP_DAYS = Math.max(...getPlanTable().map((plan) => plan.performance.retentionDays));

/**
 * Deletes performance data past its keeping time, now and every hour: minute rollups after
 * 2 days, request details after 7, hourly and daily rollups after 90. Safe in several processes.
 */
export function startPerfMaintenance(sql: SqlClient, onError: (error: unknown) => void, everyMs = 3_600_000): () => void {
  const run = () =>
    deleteOldPerfData(sql, new Date(), {
      minuteRollupDays: PERF_LIMITS.minuteRollupDays,
      requestDetailDays: PERF_LIMITS.requestDetailDays,
      rollupDays: ROLLUP_DAYS,
    }).catch(onError);
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

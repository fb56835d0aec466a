import type { RetentionDeps, RetentionReport } from './run-retention.js';
import { runRetention } from './run-retention.js';

/** BullMQ queue of the retention job (distributed mode), apart from ingest so its depth is not counted as ingest lag. */
export const RETENTION_QUEUE = 'retention';
/** Id of the job scheduler: every worker upserts the same one, so the job exists once. */
export const RETENTION_SCHEDULER_ID = 'retention-hourly';
/** How often retention runs by default: hourly (logs are kept at most a day past their retention). */
export const RETENTION_EVERY_MS = 3_600_000;

/**
 * Embedded mode: runs retention in this process every `everyMs` (first run after at most a
 * minute, not during start-up). Answers a function that stops the timer and waits for a run in progress.
 */
export function startRetentionTimer(
  deps: RetentionDeps,
  options: { everyMs?: number; onReport?: (report: RetentionReport) => void; onError: (error: unknown) => void },
): () => Promise<void> {
  const everyMs = options.everyMs ?? RETENTION_EVERY_MS;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= runRetention(deps, new Date())
      .then((report) => void (report && options.onReport?.(report)), options.onError)
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, Math.min(everyMs, 60_000));
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

import { ensureLogPartitions, hotLogPartitions, mergeLogPendingLists, type DatabaseHandle, type SqlClient } from '@seyir/db';

/**
 * Keeps the daily log partitions ahead of time: once now (before any ingest is accepted) and
 * every hour after. Run by each worker in distributed mode and by the gateway in embedded mode;
 * running in several processes at once is safe. Answers a function that stops the timer.
 */
export async function startPartitionMaintenance(sql: SqlClient, onError: (error: unknown) => void, everyMs = 3_600_000): Promise<() => void> {
  await ensureLogPartitions(sql, new Date());
  const timer = setInterval(() => {
    ensureLogPartitions(sql, new Date()).catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * PostgreSQL: merges the GIN pending lists of the hot partitions every `everyMs`, one run at a
 * time (see mergeLogPendingLists). Only for pools opened with INGEST_CONNECTION_SETTINGS: with
 * the default 4 MB list the inserts merge by themselves. Answers a function that stops it.
 */
export function startPendingListMerges(database: DatabaseHandle, onError: (error: unknown) => void, everyMs = 1000): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await mergeLogPendingLists(database, hotLogPartitions(new Date()));
    } catch (error) {
      onError(error);
      // Only the indexes' owner may merge (the user that ran the migrations): told once, then
      // the inserts merge the lists themselves when one reaches the 64 MB limit.
      if ((error as { code?: string }).code === '42501') stopped = true;
    }
    if (!stopped) timer = setTimeout(() => void run(), everyMs).unref();
  };
  timer = setTimeout(() => void run(), everyMs).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Settings of the ingest workers' connections: GIN pending lists up to 64 MB, so an insert
 * never stops to merge one (startPendingListMerges does, beside it). Searches read a pending
 * list whole, so it must not grow unmerged: the merge runs every second.
 */
export const INGEST_CONNECTION_SETTINGS = { gin_pending_list_limit: 65_536 } as const;

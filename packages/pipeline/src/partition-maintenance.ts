import { ensureLogPartitions, type SqlClient } from '@seyir/db';

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

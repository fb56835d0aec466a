import { INGEST_QUEUE, TIMINGS_QUEUE } from '@seyir/domain';
import type { JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** BullMQ key prefix of a deployment: `<SEYIR_REDIS_PREFIX>bull`. */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}bull`;
}

export { INGEST_QUEUE, TIMINGS_QUEUE };

/** Retry delay of a failed ingest job: 0.5 s doubling, at most 30 s (a database outage is waited out). */
export function ingestBackoff(attemptsMade: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, attemptsMade - 1));
}

/**
 * Options of every ingest job (log batches and timing batches). The job id is the batch id, so a gateway retrying an add never
 * queues a batch twice while it waits (one that ran already is stored once anyway: batches are
 * idempotent). ~1,000 attempts at ≤ 30 s apart ride out an outage of hours; a payload
 * that cannot be parsed fails at once (UnrecoverableError) instead.
 *
 * Only the last 100 finished jobs are kept (to see how a job ended: its counts, whether it was
 * found stalled): each keeps its payload, and the last 1,000 held ~200 MB of logs in Redis
 * during bench:ingest (4 MB with none kept), which every AOF rewrite then copied. Failed jobs
 * are kept for inspection, bounded in count and age.
 */
export function ingestJobOptions(job: { batchId: string }): JobsOptions {
  return {
    jobId: job.batchId,
    attempts: 1000,
    backoff: { type: 'custom' },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1000, age: 7 * 86_400 },
  };
}

/**
 * When the oldest waiting job of a queue was added, and whether it has run before (a retry),
 * from two small Redis reads — `queue.getWaiting(0, 0)` would fetch and parse the whole job
 * (up to 1,000 logs) every time backpressure is checked.
 */
export async function oldestWaitingJob(queue: Queue): Promise<{ timestamp: number; attemptsStarted: number } | undefined> {
  // BullMQ's Redis backend hands out its ioredis client; its own type lists only what BullMQ uses.
  const client = (await queue.backend.client) as unknown as Redis;
  // Jobs are LPUSHed and workers take from the right: the oldest is the last element.
  const id = await client.lindex(queue.keys.wait!, -1);
  if (!id) return undefined;
  // `ats` is the job hash's count of started attempts (BullMQ's own field name).
  const [timestamp, attemptsStarted] = await client.hmget(queue.toKey(id), 'timestamp', 'ats');
  return timestamp ? { timestamp: Number(timestamp), attemptsStarted: Number(attemptsStarted ?? 0) } : undefined;
}

import { INGEST_QUEUE, TIMINGS_QUEUE } from '@seyir/domain';
import type { JobsOptions } from 'bullmq';

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
 * queues a batch twice. ~1,000 attempts at ≤ 30 s apart ride out an outage of hours; a payload
 * that cannot be parsed fails at once (UnrecoverableError) instead.
 */
export function ingestJobOptions(job: { batchId: string }): JobsOptions {
  return {
    jobId: job.batchId,
    attempts: 1000,
    backoff: { type: 'custom' },
    removeOnComplete: { count: 1000 },
    removeOnFail: { count: 5000 },
  };
}

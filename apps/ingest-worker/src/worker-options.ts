import { bullPrefix, ingestBackoff } from '@seyir/pipeline';
import type { WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { WorkerConfig } from './config.js';

/**
 * Jobs the log consumer holds per transaction it may run: the jobs of one project that wait
 * while a transaction runs are stored together by the next (see the ingest handler). Held jobs
 * are "active" in Redis, where the gateway's lag bound does not see them: with 4 per run the
 * delay to visible grew (bench:ingest p99 1.1 s in two of three runs; 0.44–0.52 s with 2).
 */
export const JOBS_IN_HAND_PER_RUN = 2;

/**
 * BullMQ options shared by the worker's queue consumers (log batches, timing batches).
 * `jobsAtOnce`: jobs taken from Redis at once (default SEYIR_WORKER_CONCURRENCY).
 */
export function queueWorkerOptions(config: WorkerConfig, connection: Redis, jobsAtOnce = config.SEYIR_WORKER_CONCURRENCY): WorkerOptions {
  return {
    connection,
    prefix: bullPrefix(config.SEYIR_REDIS_PREFIX),
    concurrency: jobsAtOnce,
    // A killed worker's jobs are found stalled and run again within 1.5 x the lock (see config).
    lockDuration: config.SEYIR_JOB_LOCK_MS,
    stalledInterval: Math.max(1000, Math.floor(config.SEYIR_JOB_LOCK_MS / 2)),
    maxStalledCount: 1000,
    settings: { backoffStrategy: (attemptsMade: number) => ingestBackoff(attemptsMade) },
  };
}

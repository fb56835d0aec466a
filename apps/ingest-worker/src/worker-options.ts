import { bullPrefix, ingestBackoff } from '@seyir/pipeline';
import type { WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { WorkerConfig } from './config.js';

/** BullMQ options shared by the worker's queue consumers (log batches, timing batches). */
export function queueWorkerOptions(config: WorkerConfig, connection: Redis): WorkerOptions {
  return {
    connection,
    prefix: bullPrefix(config.SEYIR_REDIS_PREFIX),
    concurrency: config.SEYIR_WORKER_CONCURRENCY,
    // A killed worker's jobs are found stalled and run again within 1.5 x the lock (see config).
    lockDuration: config.SEYIR_JOB_LOCK_MS,
    stalledInterval: Math.max(1000, Math.floor(config.SEYIR_JOB_LOCK_MS / 2)),
    maxStalledCount: 1000,
    settings: { backoffStrategy: (attemptsMade: number) => ingestBackoff(attemptsMade) },
  };
}

import { randomUUID } from 'node:crypto';
import { AppError, INGEST_MESSAGES, PERF_MESSAGES, TIMINGS_QUEUE, type TimingJob } from '@seyir/domain';
import { bullPrefix, ingestJobOptions, processTimings, type TimingDeps } from '@seyir/pipeline';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** Where accepted timing batches go. `submit` resolves once the batch is durable. */
export interface TimingSink {
  submit(job: TimingJob): Promise<void>;
  close(): Promise<void>;
}

/** Embedded mode: the batch is added to the rollups before the answer (one at a time). */
export function createInlineTimingSink(deps: TimingDeps): TimingSink {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    submit(job) {
      const run = chain.then(() => processTimings(deps, job));
      chain = run.catch(() => undefined);
      return run.then(
        () => undefined,
        (error: unknown) => {
          throw new AppError('UNAVAILABLE', PERF_MESSAGES.unavailable, { cause: error, retryAfterSeconds: 2 });
        },
      );
    },
    async close() {
      await chain;
    },
  };
}

/**
 * Distributed mode: a BullMQ job on the `timings` queue (its own queue, so a burst of timing
 * records never delays log batches). Past `maxWaiting` waiting jobs, or when the oldest waits
 * longer than `maxLagMs`, ingest answers 503 with Retry-After, as for logs.
 */
export function createQueueTimingSink(connection: Redis, redisPrefix: string, limits: { maxWaiting?: number; maxLagMs?: number } = {}): TimingSink {
  const maxWaiting = limits.maxWaiting ?? 500;
  const maxLagMs = limits.maxLagMs ?? 1000;
  const queue = new Queue(TIMINGS_QUEUE, { connection, prefix: bullPrefix(redisPrefix) });
  queue.on('error', () => undefined);
  let depth = { waiting: 0, lagMs: 0, at: 0 };
  const unavailable = (cause?: unknown) => new AppError('UNAVAILABLE', PERF_MESSAGES.unavailable, { cause, retryAfterSeconds: 2 });
  return {
    async submit(job) {
      if (connection.status !== 'ready') throw unavailable();
      try {
        if (Date.now() - depth.at >= 100) {
          const [waiting, oldest] = await Promise.all([queue.getWaitingCount(), queue.getWaiting(0, 0)]);
          depth = { waiting, lagMs: oldest[0] ? Date.now() - oldest[0].timestamp : 0, at: Date.now() };
        }
        if (depth.waiting >= maxWaiting || depth.lagMs > maxLagMs) {
          throw new AppError('QUEUE_FULL', INGEST_MESSAGES.overloaded, { retryAfterSeconds: Math.min(10, 1 + Math.floor(depth.lagMs / 1000)) });
        }
        await queue.add('timings', { ...job, batchId: job.batchId || randomUUID() }, ingestJobOptions(job));
        depth.waiting++;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw unavailable(error);
      }
    },
    close: () => queue.close(),
  };
}

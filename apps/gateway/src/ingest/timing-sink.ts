import { AppError, INGEST_LIMITS, PERF_LIMITS, PERF_MESSAGES, TIMINGS_QUEUE, type TimingJob } from '@seyir/domain';
import { alertJobFromTimings, type AlertQueue } from '@seyir/alerts';
import { bullPrefix, ingestJobOptions, processTimings, type TimingDeps } from '@seyir/pipeline';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { adaptiveWindow, createCoalescer, createQueueBackpressure } from './queue-intake.js';

/** Where accepted timing batches go. `submit` resolves once the batch is durable. */
export interface TimingSink {
  submit(job: TimingJob): Promise<void>;
  close(): Promise<void>;
}

/**
 * Embedded mode: the batch is added to the rollups before the answer (one at a time); latency
 * and error_rate rules are evaluated by the in-process alert queue after it.
 */
export function createInlineTimingSink(deps: TimingDeps, alerts?: AlertQueue): TimingSink {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    submit(job) {
      const run = chain.then(() => processTimings(deps, job));
      chain = run.catch(() => undefined);
      return run.then(
        (outcome) => {
          const alertJob = alertJobFromTimings(outcome, Date.now());
          if (alertJob) void alerts?.evaluate(alertJob);
        },
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
export function createQueueTimingSink(connection: Redis, redisPrefix: string, limits: { maxWaiting?: number; maxLagMs?: number; coalesceMs?: number } = {}): TimingSink {
  const maxWaiting = limits.maxWaiting ?? 500;
  const maxLagMs = limits.maxLagMs ?? INGEST_LIMITS.defaultMaxLagMs;
  const coalesceMs = limits.coalesceMs ?? 20;
  const queue = new Queue(TIMINGS_QUEUE, { connection, prefix: bullPrefix(redisPrefix) });
  queue.on('error', () => undefined);
  const unavailable = (cause?: unknown) => new AppError('UNAVAILABLE', PERF_MESSAGES.unavailable, { cause, retryAfterSeconds: 2 });
  const backpressure = createQueueBackpressure(queue, { maxWaiting, maxLagMs });
  const coalescer = createCoalescer<TimingJob>({
    windowMs: adaptiveWindow(coalesceMs, backpressure.backlog),
    maxItems: PERF_LIMITS.maxJobRecords,
    itemsOf: (job) => job.timings,
    emptyLike: (job, batchId) => ({ ...job, batchId, timings: [] }),
    send: async (job) => {
      try {
        await queue.add('timings', job, ingestJobOptions(job));
        backpressure.added();
      } catch (error) {
        throw unavailable(error);
      }
    },
  });
  return {
    async submit(job) {
      if (connection.status !== 'ready') throw unavailable();
      try {
        await backpressure.check();
      } catch (error) {
        throw error instanceof AppError ? error : unavailable(error);
      }
      return coalescer.add(job);
    },
    close: async () => {
      await coalescer.flushAll();
      await queue.close();
    },
  };
}

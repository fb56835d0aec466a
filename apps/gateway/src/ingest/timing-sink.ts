import { AppError, PERF_LIMITS, PERF_MESSAGES, TIMINGS_QUEUE, type TimingJob } from '@seyir/domain';
import { alertJobFromTimings, type AlertQueue } from '@seyir/alerts';
import { processTimings, type TimingDeps } from '@seyir/pipeline';
import type { Redis } from 'ioredis';
import { createQueueIntake, type QueueIntakeLimits } from './queue-intake.js';

/** Where accepted timing batches go (see IngestSink for `admit`). `submit` resolves once the batch is durable. */
export interface TimingSink {
  admit(): Promise<void>;
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
    admit: () => Promise.resolve(),
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
 * records never delays log batches), with the same limits, hold and 503 as log batches.
 */
export function createQueueTimingSink(connection: Redis, redisPrefix: string, limits: QueueIntakeLimits = {}): TimingSink {
  const intake = createQueueIntake<TimingJob>({
    connection,
    redisPrefix,
    queueName: TIMINGS_QUEUE,
    jobName: 'timings',
    limits,
    maxItems: PERF_LIMITS.maxJobRecords,
    itemsOf: (job) => job.timings,
    emptyLike: (job, batchId) => ({ ...job, batchId, timings: [] }),
    unavailableDetail: PERF_MESSAGES.unavailable,
  });
  return { admit: intake.admit, submit: intake.submit, close: intake.close };
}

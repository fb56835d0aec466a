import { AppError, INGEST_LIMITS, INGEST_MESSAGES, INGEST_QUEUE, type IngestJob, type IngestQueueState } from '@seyir/domain';
import { alertJobFromOutcome, type AlertQueue } from '@seyir/alerts';
import { oldestWaitingJob, processBatch, type LivePublisher, type PipelineDeps } from '@seyir/pipeline';
import type { Redis } from 'ioredis';
import { createQueueIntake } from './queue-intake.js';

/**
 * Where accepted batches go. `admit` resolves when a request may be read (before its body: a
 * sink past its limits holds or refuses it there); `submit` resolves only once the batch is durable.
 */
export interface IngestSink {
  admit(): Promise<void>;
  submit(job: IngestJob): Promise<void>;
  /** Queue state for `/groups/health`. */
  health(): Promise<IngestQueueState>;
  close(): Promise<void>;
}

export interface SinkLimits {
  /** Embedded: batches processed at once. Default 1 (PGlite is one connection). */
  concurrency?: number;
  /** Embedded: batches waiting in memory; distributed: jobs waiting in Redis. Beyond it ingest answers 503. */
  maxWaiting?: number;
  /**
   * Distributed: the oldest waiting job may be at most this old (ms) before ingest answers 503.
   * This bounds the delay from a 202 to the log being visible, whatever the workers' speed.
   * Default INGEST_LIMITS.defaultMaxLagMs (500).
   */
  maxLagMs?: number;
  /**
   * Distributed: past maxWaiting or maxLagMs, a request waits up to this long (ms) for the
   * workers to catch up before the 503. 0: answer 503 at once. Default 2,000.
   */
  maxHoldMs?: number;
  /**
   * Distributed: concurrent requests of one project are put into one job of up to 1,000 logs
   * within this window (ms); each request still answers only once its job is in Redis. The
   * worker's cost is mostly per job, so this multiplies throughput. 0 turns it off. Default 20.
   */
  coalesceMs?: number;
}

function overloaded(retryAfterSeconds: number): AppError {
  return new AppError('QUEUE_FULL', INGEST_MESSAGES.overloaded, { retryAfterSeconds });
}

/**
 * Embedded mode: the pipeline runs in this process and a batch is acknowledged only after its
 * transaction committed. At most `concurrency` run and `maxWaiting` wait; past that, 503.
 */
export function createInlineSink(pipeline: PipelineDeps, limits: SinkLimits = {}, live?: LivePublisher, alerts?: AlertQueue): IngestSink {
  const concurrency = limits.concurrency ?? 1;
  const maxWaiting = limits.maxWaiting ?? 16;
  let running = 0;
  const waiting: { resolve: () => void; since: number }[] = [];
  let failed = 0;
  const full = () => running >= concurrency && waiting.length >= maxWaiting;
  return {
    async admit() {
      if (full()) throw overloaded(1);
    },
    async submit(job) {
      if (running >= concurrency) {
        if (full()) throw overloaded(1);
        await new Promise<void>((resolve) => waiting.push({ resolve, since: Date.now() }));
      }
      running++;
      try {
        const outcome = await processBatch(pipeline, job);
        // Not awaited: live updates never hold up the acknowledgement; a lost one is caught up on reconnect.
        void live?.publishBatchOutcome(outcome).catch(() => undefined);
        // Alerts are evaluated by the in-process queue, after the acknowledgement.
        const alertJob = alertJobFromOutcome(outcome, Date.now());
        if (alertJob) void alerts?.evaluate(alertJob);
      } catch (error) {
        failed++;
        throw new AppError('UNAVAILABLE', INGEST_MESSAGES.unavailable, { cause: error, retryAfterSeconds: 2 });
      } finally {
        running--;
        waiting.shift()?.resolve();
      }
    },
    async health() {
      // This process is the one worker; a failed batch was answered 503, so the client retries it.
      const oldest = waiting[0];
      return { mode: 'embedded', waiting: waiting.length, active: running, delayed: 0, failed, oldestWaitingMs: oldest ? Date.now() - oldest.since : null, workers: 1 };
    },
    async close() {},
  };
}

/**
 * Distributed mode: a batch is acknowledged once it is a BullMQ job in Redis (durable with
 * AOF). When workers fall behind (more than `maxWaiting` jobs wait or wait to retry, or the
 * oldest waits longer than `maxLagMs`), a request waits up to `maxHoldMs` for them, then ingest
 * answers 503 with Retry-After instead of letting the queue — and the delay to visibility — grow.
 */
export function createQueueSink(connection: Redis, redisPrefix: string, limits: SinkLimits = {}): IngestSink {
  const intake = createQueueIntake<IngestJob>({
    connection,
    redisPrefix,
    queueName: INGEST_QUEUE,
    jobName: 'batch',
    limits,
    maxItems: INGEST_LIMITS.maxBatchLogs,
    itemsOf: (job) => job.logs,
    emptyLike: (job, batchId) => ({ ...job, batchId, logs: [] }),
    unavailableDetail: INGEST_MESSAGES.unavailable,
  });
  const { queue } = intake;
  return {
    admit: intake.admit,
    submit: intake.submit,
    async health() {
      const [counts, oldest, workers] = await Promise.all([
        queue.getJobCounts('waiting', 'active', 'failed', 'delayed'),
        oldestWaitingJob(queue),
        // Workers are listed by CLIENT LIST, which some managed Redis services refuse.
        queue.getWorkersCount().catch(() => null),
      ]);
      return {
        mode: 'distributed',
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        oldestWaitingMs: oldest ? Date.now() - oldest.timestamp : null,
        workers,
      };
    },
    close: intake.close,
  };
}

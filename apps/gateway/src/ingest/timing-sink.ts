import { randomUUID } from 'node:crypto';
import { AppError, INGEST_MESSAGES, PERF_LIMITS, PERF_MESSAGES, TIMINGS_QUEUE, type TimingJob } from '@seyir/domain';
import { bullPrefix, ingestJobOptions, oldestWaitingJob, processTimings, type TimingDeps } from '@seyir/pipeline';
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
export function createQueueTimingSink(connection: Redis, redisPrefix: string, limits: { maxWaiting?: number; maxLagMs?: number; coalesceMs?: number } = {}): TimingSink {
  const maxWaiting = limits.maxWaiting ?? 500;
  const maxLagMs = limits.maxLagMs ?? 1000;
  const coalesceMs = limits.coalesceMs ?? 20;
  const queue = new Queue(TIMINGS_QUEUE, { connection, prefix: bullPrefix(redisPrefix) });
  queue.on('error', () => undefined);
  let depth = { waiting: 0, lagMs: 0, at: 0 };
  const unavailable = (cause?: unknown) => new AppError('UNAVAILABLE', PERF_MESSAGES.unavailable, { cause, retryAfterSeconds: 2 });
  const coalescer = createCoalescer(coalesceMs, (job) => enqueue(job));
  return {
    async submit(job) {
      if (connection.status !== 'ready') throw unavailable();
      try {
        if (Date.now() - depth.at >= 100) {
          const [waiting, oldest] = await Promise.all([queue.getWaitingCount(), oldestWaitingJob(queue)]);
          depth = { waiting, lagMs: oldest ? Date.now() - oldest.timestamp : 0, at: Date.now() };
        }
        if (depth.waiting >= maxWaiting || depth.lagMs > maxLagMs) {
          throw new AppError('QUEUE_FULL', INGEST_MESSAGES.overloaded, { retryAfterSeconds: Math.min(10, 1 + Math.floor(depth.lagMs / 1000)) });
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw unavailable(error);
      }
      return coalescer.add(job);
    },
    close: async () => {
      await coalescer.flushAll();
      await queue.close();
    },
  };
  async function enqueue(job: TimingJob): Promise<void> {
    try {
      await queue.add('timings', job, ingestJobOptions(job));
      depth.waiting++;
    } catch (error) {
      throw unavailable(error);
    }
  }
}

/**
 * Joins a project's concurrent timing requests into one job of up to PERF_LIMITS.maxJobRecords
 * within `windowMs`: the worker's cost is mostly per job (a few upserts per route and period),
 * so fewer, larger jobs multiply throughput. Each request still resolves only once its job is
 * queued. `windowMs` 0 sends every request as its own job.
 */
function createCoalescer(windowMs: number, send: (job: TimingJob) => Promise<void>) {
  interface Pending {
    job: TimingJob;
    waiters: { resolve: () => void; reject: (error: unknown) => void }[];
    timer: NodeJS.Timeout;
  }
  const pending = new Map<string, Pending>();
  const flush = (projectId: string): Promise<void> => {
    const entry = pending.get(projectId);
    if (!entry) return Promise.resolve();
    pending.delete(projectId);
    clearTimeout(entry.timer);
    return send(entry.job).then(
      () => entry.waiters.forEach((w) => w.resolve()),
      (error: unknown) => entry.waiters.forEach((w) => w.reject(error)),
    );
  };
  return {
    add(job: TimingJob): Promise<void> {
      if (windowMs <= 0) return send(job);
      const open = pending.get(job.projectId);
      if (open && open.job.timings.length + job.timings.length > PERF_LIMITS.maxJobRecords) void flush(job.projectId);
      let entry = pending.get(job.projectId);
      if (!entry) {
        entry = { job: { ...job, batchId: randomUUID(), timings: [] }, waiters: [], timer: setTimeout(() => void flush(job.projectId), windowMs) };
        pending.set(job.projectId, entry);
      }
      entry.job.timings.push(...job.timings);
      entry.job.receivedAtMs = Math.min(entry.job.receivedAtMs, job.receivedAtMs);
      const done = new Promise<void>((resolve, reject) => entry.waiters.push({ resolve, reject }));
      if (entry.job.timings.length >= PERF_LIMITS.maxJobRecords) void flush(job.projectId);
      return done;
    },
    flushAll: () => Promise.allSettled([...pending.keys()].map(flush)),
  };
}

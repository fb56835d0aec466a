import { randomUUID } from 'node:crypto';
import { AppError, INGEST_MESSAGES } from '@seyir/domain';
import { oldestWaitingJob } from '@seyir/pipeline';
import type { Queue } from 'bullmq';

/** A batch of one project on its way to a queue (log batches and timing batches). */
interface ProjectBatch {
  batchId: string;
  projectId: string;
  receivedAtMs: number;
}

/**
 * Joins a project's concurrent requests into one job of up to `maxItems` within `windowMs`: a
 * worker's cost is mostly per job, so fewer, larger jobs multiply throughput. Each request
 * still resolves only once its job is queued. `windowMs` 0 sends every request as its own job;
 * a function is asked when a job opens (see `adaptiveWindow`).
 */
export function createCoalescer<J extends ProjectBatch>(options: {
  windowMs: number | (() => number);
  maxItems: number;
  /** The job's list of items (logs, timings), appended to in place. */
  itemsOf(job: J): unknown[];
  /** A copy of the job with no items, under a new batch id. */
  emptyLike(job: J, batchId: string): J;
  send(job: J): Promise<void>;
}) {
  const { windowMs, maxItems, itemsOf, emptyLike, send } = options;
  interface Pending {
    job: J;
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
    add(job: J): Promise<void> {
      const window = typeof windowMs === 'function' ? windowMs() : windowMs;
      if (window <= 0 && !pending.has(job.projectId)) return send(job);
      // Join the project's open job if the items fit, else send that one and open a new one.
      const open = pending.get(job.projectId);
      if (open && itemsOf(open.job).length + itemsOf(job).length > maxItems) void flush(job.projectId);
      let entry = pending.get(job.projectId);
      if (!entry) {
        entry = { job: emptyLike(job, randomUUID()), waiters: [], timer: setTimeout(() => void flush(job.projectId), window) };
        pending.set(job.projectId, entry);
      }
      const items = itemsOf(entry.job);
      items.push(...itemsOf(job));
      entry.job.receivedAtMs = Math.min(entry.job.receivedAtMs, job.receivedAtMs);
      const done = new Promise<void>((resolve, reject) => entry.waiters.push({ resolve, reject }));
      if (items.length >= maxItems) void flush(job.projectId);
      return done;
    },
    flushAll: () => Promise.allSettled([...pending.keys()].map(flush)),
  };
}

/**
 * Backpressure of a queue: depth and lag, read at most every 100 ms (two small Redis reads)
 * rather than per request. Depth counts the jobs waiting to retry too (a database outage), so
 * they cannot fill Redis. Lag is measured on a job that has not run yet: a retried or stalled
 * one has waited for its backoff or a dead worker's lock, not for a worker, and its age would
 * refuse ingest while the queue is there to ride out exactly that.
 */
export function createQueueBackpressure(queue: Queue, limits: { maxWaiting: number; maxLagMs: number }) {
  let depth = { waiting: 0, lagMs: 0, at: 0 };
  let backlog = 0;
  return {
    /** Throws 503 QUEUE_FULL with Retry-After past a limit; a Redis error is the caller's. */
    async check(): Promise<void> {
      if (Date.now() - depth.at >= 100) {
        const [counts, oldest] = await Promise.all([queue.getJobCounts('waiting', 'delayed'), oldestWaitingJob(queue)]);
        const lagMs = oldest && oldest.attemptsStarted === 0 ? Date.now() - oldest.timestamp : 0;
        depth = { waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0), lagMs, at: Date.now() };
        backlog = counts.waiting ?? 0;
      }
      if (depth.waiting >= limits.maxWaiting || depth.lagMs > limits.maxLagMs) {
        throw new AppError('QUEUE_FULL', INGEST_MESSAGES.overloaded, { retryAfterSeconds: Math.min(10, 1 + Math.floor(depth.lagMs / 1000)) });
      }
    },
    /** A job was added since the last read. */
    added(): void {
      depth.waiting++;
    },
    /** Jobs no worker had taken yet at the last read (0: the workers keep up). */
    backlog: () => backlog,
  };
}

/**
 * The coalescing window for the queue's state: the full `windowMs` while jobs wait for a worker
 * (larger jobs are what lets the workers catch up, and the jobs would wait anyway), a quarter
 * of it while the workers keep up (an answer sooner; the smaller jobs cost the idle workers
 * little). The backlog rises again if they stop keeping up.
 */
export function adaptiveWindow(windowMs: number, backlog: () => number): () => number {
  return () => (backlog() > 0 ? windowMs : Math.floor(windowMs / 4));
}

import { randomUUID } from 'node:crypto';
import { AppError, INGEST_LIMITS, INGEST_MESSAGES } from '@seyir/domain';
import { bullPrefix, ingestJobOptions, oldestWaitingJob } from '@seyir/pipeline';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

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

/** How long and how many requests may wait for a queue past its limits before the 503. */
export interface HoldLimits {
  /** Longest a request waits for the queue to come back under its limits (ms). 0: answer 503 at once. */
  maxHoldMs: number;
  /** Requests waiting at once; past it, 503 at once. */
  maxHeld: number;
}

/** What backpressure reads of a queue. */
export interface QueueState {
  /** Jobs waiting for a worker or to retry. */
  waiting: number;
  /** Jobs no worker has taken yet. */
  backlog: number;
  /** Age of the oldest job that has not run yet (ms; 0 when none). */
  lagMs: number;
}

/** A BullMQ queue's state: two small Redis reads. */
async function readQueueState(queue: Queue): Promise<QueueState> {
  const [counts, oldest] = await Promise.all([queue.getJobCounts('waiting', 'delayed'), oldestWaitingJob(queue)]);
  return {
    waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0),
    backlog: counts.waiting ?? 0,
    lagMs: oldest && oldest.attemptsStarted === 0 ? Date.now() - oldest.timestamp : 0,
  };
}

/**
 * Backpressure of a queue: depth and lag, read at most every 100 ms (two small Redis reads,
 * shared by concurrent requests) rather than per request. Depth counts the jobs waiting to
 * retry too (a database outage), so they cannot fill Redis. Lag is measured on a job that has
 * not run yet: a retried or stalled one has waited for its backoff or a dead worker's lock, not
 * for a worker, and its age would refuse ingest while the queue is there to ride out exactly that.
 *
 * Past a limit a request first waits, up to `maxHoldMs` and at most `maxHeld` at once, for the
 * workers to catch up; only then 503 with Retry-After. A refused client sleeps whole seconds
 * (Retry-After has no finer unit), and every such sleep idled the workers once the queue drained:
 * a held request is admitted the moment the lag is back under the bound, so the queue stays
 * short (the delay to visible) and the workers stay busy. Held requests are bounded in number
 * and time, so the gateway's memory is too.
 */
export function createQueueBackpressure(readState: () => Promise<QueueState>, limits: { maxWaiting: number; maxLagMs: number } & HoldLimits) {
  /** The state read last, and when (0: never). */
  let depth = { waiting: 0, backlog: 0, lagMs: 0, at: 0 };
  let reading: Promise<void> | undefined;
  let held = 0;
  const read = async () => {
    depth = { ...(await readState()), at: Date.now() };
  };
  const refresh = (): Promise<void> => {
    if (Date.now() - depth.at < 100) return Promise.resolve();
    reading ??= read().finally(() => (reading = undefined));
    return reading;
  };
  const over = () => depth.waiting >= limits.maxWaiting || depth.lagMs > limits.maxLagMs;
  const nearLimits = () => depth.waiting >= limits.maxWaiting / 2 || depth.lagMs > limits.maxLagMs / 2;
  return {
    /**
     * Resolves when the request may be queued; throws 503 QUEUE_FULL with Retry-After past the
     * hold. A Redis error of the first read is the caller's.
     *
     * Far from the limits the state read last stands while the next is read in the background:
     * every request that came while a read was on its way used to wait for it, and under load
     * those reads were a good part of the HTTP tail (p99 20–65 ms, traced in bench:ingest).
     * Past half a limit a request waits for the fresh state, as before: admitting on a stale
     * one there let the queue overshoot its lag bound (bench:ingest visible p99 1.2 s).
     */
    async check(): Promise<void> {
      if (depth.at === 0 || nearLimits()) await refresh();
      else void refresh().catch(() => undefined);
      if (!over()) return;
      if (held < limits.maxHeld && limits.maxHoldMs > 0) {
        held++;
        try {
          const deadline = Date.now() + limits.maxHoldMs;
          while (Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, Math.min(25, deadline - Date.now())));
            await refresh();
            if (!over()) return;
          }
        } finally {
          held--;
        }
      }
      throw new AppError('QUEUE_FULL', INGEST_MESSAGES.overloaded, { retryAfterSeconds: Math.min(10, 1 + Math.floor(depth.lagMs / 1000)) });
    },
    /** A job was added since the last read. */
    added(): void {
      depth.waiting++;
    },
    /** Jobs no worker had taken yet at the last read (0: the workers keep up). */
    backlog: () => depth.backlog,
  };
}

/**
 * Jobs waiting that still count as keeping up: a worker takes two per transaction, so one or two
 * jobs come and go at any load; a queue past this is falling behind.
 */
export const KEEPING_UP_BACKLOG = 2;

/**
 * The coalescing window for the queue's state: the full `windowMs` while the workers fall behind
 * (more than KEEPING_UP_BACKLOG jobs wait: larger jobs are what lets them catch up, and the jobs
 * would wait anyway), a quarter of it while they keep up (an answer sooner; the smaller jobs cost
 * the idle workers little). bench:ingest at 80 % load: HTTP p50 12.4–12.7 ms against 14.8–15.7
 * with the full window from the first waiting job, at the same throughput.
 */
export function adaptiveWindow(windowMs: number, backlog: () => number): () => number {
  return () => (backlog() > KEEPING_UP_BACKLOG ? windowMs : Math.floor(windowMs / 4));
}

/** Limits of a queue intake (see `SinkLimits` for their meaning and defaults). */
export interface QueueIntakeLimits {
  maxWaiting?: number;
  maxLagMs?: number;
  coalesceMs?: number;
  maxHoldMs?: number;
}

/**
 * The distributed intake of one queue (log batches, timing batches): a request is held while
 * the queue is past its limits (`createQueueBackpressure`, in `admit`, before its body is read),
 * joined with the project's concurrent requests (`createCoalescer`) and resolves once its job
 * is in Redis. Redis errors are 503 UNAVAILABLE with the queue's own Turkish detail.
 */
export function createQueueIntake<J extends ProjectBatch>(options: {
  connection: Redis;
  redisPrefix: string;
  queueName: string;
  jobName: string;
  limits: QueueIntakeLimits;
  maxItems: number;
  itemsOf(job: J): unknown[];
  emptyLike(job: J, batchId: string): J;
  /** Turkish detail of the 503 when Redis cannot take the job. */
  unavailableDetail: string;
}) {
  const { connection, limits } = options;
  const queue = new Queue(options.queueName, { connection, prefix: bullPrefix(options.redisPrefix) });
  queue.on('error', () => undefined);
  const unavailable = (cause?: unknown) => new AppError('UNAVAILABLE', options.unavailableDetail, { cause, retryAfterSeconds: 2 });
  const backpressure = createQueueBackpressure(() => readQueueState(queue), {
    maxWaiting: limits.maxWaiting ?? 500,
    maxLagMs: limits.maxLagMs ?? INGEST_LIMITS.defaultMaxLagMs,
    maxHoldMs: limits.maxHoldMs ?? INGEST_LIMITS.defaultMaxHoldMs,
    maxHeld: INGEST_LIMITS.maxHeldRequests,
  });
  const coalescer = createCoalescer<J>({
    windowMs: adaptiveWindow(limits.coalesceMs ?? INGEST_LIMITS.defaultCoalesceMs, backpressure.backlog),
    maxItems: options.maxItems,
    itemsOf: options.itemsOf,
    emptyLike: options.emptyLike,
    send: async (job) => {
      try {
        await queue.add(options.jobName, job, ingestJobOptions(job));
        backpressure.added();
      } catch (error) {
        throw unavailable(error);
      }
    },
  });
  const ready = () => {
    if (connection.status !== 'ready') throw unavailable();
  };
  return {
    queue,
    /** Resolves when a request may be read and queued: held while the queue is past its limits, then 503. */
    async admit(): Promise<void> {
      ready();
      try {
        await backpressure.check();
      } catch (error) {
        throw error instanceof AppError ? error : unavailable(error);
      }
    },
    /** Resolves once the job (or the coalesced job it joined) is in Redis. Call `admit` first. */
    async submit(job: J): Promise<void> {
      ready();
      return coalescer.add(job);
    },
    async close(): Promise<void> {
      await coalescer.flushAll();
      await queue.close();
    },
  };
}

import { ALERTS_QUEUE, AlertDeliveryJobSchema, AlertEvaluationJobSchema, type AlertEvaluationJob } from '@seyir/domain';
import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { findPendingAlertDeliveries } from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import { deliverAlert } from './deliver-alert.js';
import { evaluateAlerts } from './evaluate-alerts.js';
import { sendDueDigests } from './send-due-digests.js';

/** Attempts of one delivery (the first plus retries). */
export const DELIVERY_ATTEMPTS = 6;

/** Retry delay of a delivery: 2 s doubling, at most 5 minutes (≈ 1 minute over all attempts). */
export function deliveryBackoff(attemptsMade: number): number {
  return Math.min(300_000, 2_000 * 2 ** Math.max(0, attemptsMade - 1));
}

/** Where the pipeline hands stored batches and the API hands test alerts. Never throws into its caller. */
export interface AlertQueue {
  /** Queues the evaluation of a stored batch (resolves once queued, not evaluated). */
  evaluate(job: AlertEvaluationJob): Promise<void>;
  /** Queues deliveries recorded in the delivery log. */
  deliver(deliveryIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

type Warn = (error: unknown, what: string) => void;

/** How long an embedded process's shutdown waits for queued alert work. */
const DRAIN_MS = 5_000;
/** How old a pending delivery may be to be sent again at start. */
const RESUME_WINDOW_MS = 86_400_000;

/**
 * Embedded mode: evaluation and delivery run in this process, off the ingest path, one task at
 * a time, failed deliveries retried with backoff by timers; due digests are swept every
 * `sweepMs`. At most 10,000 tasks wait (more are dropped with a warning) so a storm cannot
 * grow memory without bound. At shutdown the queued work gets up to `DRAIN_MS` to finish;
 * deliveries left `pending` (a retry waiting, a crash) are sent again when the next process
 * starts (those of the last day, oldest first).
 */
export function createInProcessAlertQueue(deps: AlertDeps, warn: Warn): AlertQueue & { idle(): Promise<void> } {
  const tasks: (() => Promise<void>)[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let running = false;
  let closed = false;
  let idleWaiters: (() => void)[] = [];
  const pump = async () => {
    if (running) return;
    running = true;
    while (tasks.length > 0 && !closed) {
      const task = tasks.shift()!;
      await task().catch((error: unknown) => warn(error, 'alert task failed'));
    }
    running = false;
    if (timers.size === 0) for (const w of idleWaiters.splice(0)) w();
  };
  const push = (task: () => Promise<void>) => {
    if (closed) return;
    if (tasks.length >= 10_000) return warn(new Error('alert queue full'), 'alert task dropped');
    tasks.push(task);
    void pump();
  };
  const deliver = (id: string, attempt: number) =>
    push(async () => {
      try {
        await deliverAlert(deps, id, attempt >= DELIVERY_ATTEMPTS);
      } catch {
        if (attempt >= DELIVERY_ATTEMPTS || closed) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          deliver(id, attempt + 1);
        }, deliveryBackoff(attempt));
        timers.add(timer);
      }
    });
  // What a stopped process left pending.
  push(async () => (await findPendingAlertDeliveries(deps.sql, new Date(deps.now().getTime() - RESUME_WINDOW_MS), 1000)).forEach((id) => deliver(id, 1)));
  const queue = {
    async evaluate(job: AlertEvaluationJob) {
      push(async () => (await evaluateAlerts(deps, job)).forEach((id) => deliver(id, 1)));
    },
    async deliver(ids: readonly string[]) {
      ids.forEach((id) => deliver(id, 1));
    },
    /** Resolves once nothing is queued, running or waiting for a retry (tests). */
    idle: () => (tasks.length === 0 && !running && timers.size === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
    async close() {
      clearInterval(sweeper);
      // Queued evaluations and sends get a moment to finish; waiting retries stay pending for the next start.
      const deadline = Date.now() + DRAIN_MS;
      while ((tasks.length > 0 || running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const w of idleWaiters.splice(0)) w();
      idleWaiters = [];
    },
  };
  const sweeper = setInterval(() => push(async () => (await sendDueDigests(deps)).forEach((id) => deliver(id, 1))), deps.settings.sweepMs);
  sweeper.unref();
  return queue;
}

const EVALUATE_OPTIONS: JobsOptions = { attempts: 5, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { count: 1000 }, removeOnFail: { count: 5000 } };
const deliverOptions = (deliveryId: string): JobsOptions => ({
  jobId: `deliver-${deliveryId}`,
  attempts: DELIVERY_ATTEMPTS,
  backoff: { type: 'custom' },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
});

/** Distributed mode, producer side: jobs on the BullMQ `alerts` queue (consumed by `startAlertWorker`). */
export function createBullAlertQueue(connection: Redis, bullPrefix: string, warn: Warn): AlertQueue {
  const queue = new Queue(ALERTS_QUEUE, { connection, prefix: bullPrefix });
  queue.on('error', (error) => warn(error, 'alert queue error'));
  return {
    async evaluate(job) {
      await queue.add('evaluate', job, EVALUATE_OPTIONS).catch((error: unknown) => warn(error, 'alert evaluation not queued'));
    },
    async deliver(ids) {
      if (ids.length === 0) return;
      await queue.addBulk(ids.map((deliveryId) => ({ name: 'deliver', data: { deliveryId }, opts: deliverOptions(deliveryId) })));
    },
    close: () => queue.close(),
  };
}

/**
 * Distributed mode, consumer side: evaluates batches, sends deliveries (retried with backoff;
 * bad payloads fail for good) and sweeps due digests every `sweepMs`. Runs in the workers.
 */
export async function startAlertWorker(
  deps: AlertDeps,
  connection: Redis,
  bullPrefix: string,
  warn: Warn,
  options: { concurrency?: number } = {},
): Promise<{ worker: Worker; close(): Promise<void> }> {
  const producer = createBullAlertQueue(connection, bullPrefix, warn);
  const handler = async (job: Job) => {
    if (job.name === 'evaluate') {
      const parsed = AlertEvaluationJobSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError('invalid alert evaluation job');
      await producer.deliver(await evaluateAlerts(deps, parsed.data));
    } else if (job.name === 'deliver') {
      const parsed = AlertDeliveryJobSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError('invalid alert delivery job');
      await deliverAlert(deps, parsed.data.deliveryId, job.attemptsMade + 1 >= DELIVERY_ATTEMPTS);
    } else throw new UnrecoverableError(`unknown alert job ${job.name}`);
  };
  const worker = new Worker(ALERTS_QUEUE, handler, {
    connection,
    prefix: bullPrefix,
    concurrency: options.concurrency ?? 4,
    settings: { backoffStrategy: (attemptsMade: number) => deliveryBackoff(attemptsMade) },
  });
  worker.on('error', (error) => warn(error, 'alert worker error'));
  await worker.waitUntilReady();
  const sweeper = setInterval(() => void sendDueDigests(deps).then((ids) => producer.deliver(ids)).catch((error: unknown) => warn(error, 'digest sweep failed')), deps.settings.sweepMs);
  sweeper.unref();
  return {
    worker,
    close: async () => {
      clearInterval(sweeper);
      await worker.close();
      await producer.close();
    },
  };
}

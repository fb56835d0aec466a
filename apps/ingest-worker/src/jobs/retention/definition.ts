import { RETENTION_QUEUE, RETENTION_SCHEDULER_ID } from '@seyir/pipeline';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * Registers the hourly retention job. Every worker calls this at start: a job scheduler is
 * keyed by its id, so however many workers upsert it there is one scheduler and one job per
 * tick, run by whichever worker takes it. Answers the queue (closed by the caller).
 */
export async function scheduleRetentionJob(connection: Redis, prefix: string, everyMs: number): Promise<Queue> {
  const queue = new Queue(RETENTION_QUEUE, { connection, prefix });
  queue.on('error', () => undefined);
  await queue.upsertJobScheduler(
    RETENTION_SCHEDULER_ID,
    { every: everyMs },
    // A failed run is not retried: the next tick does the same work.
    { name: 'retention', data: {}, opts: { attempts: 1, removeOnComplete: { count: 24 }, removeOnFail: { count: 100 } } },
  );
  return queue;
}

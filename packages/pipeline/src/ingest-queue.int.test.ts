import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, expect, inject, it } from 'vitest';
import { oldestWaitingJob } from './ingest-queue.js';

const connection = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
afterAll(() => connection.disconnect());

it('reads the age and retry state of the oldest waiting job without fetching it', async () => {
  const queue = new Queue(`oldest-${randomUUID()}`, { connection });
  expect(await oldestWaitingJob(queue)).toBeUndefined();
  await queue.add('batch', { n: 1 }, { jobId: 'first', timestamp: 1_000 });
  await queue.add('batch', { n: 2 }, { jobId: 'second', timestamp: 2_000 });
  expect(await oldestWaitingJob(queue)).toEqual({ timestamp: 1_000, attemptsStarted: 0 });

  // Once a worker took the first, the second is the oldest waiting.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const worker = new Worker(queue.name, () => held, { connection: connection.duplicate() });
  await expect.poll(() => oldestWaitingJob(queue), { timeout: 10_000 }).toEqual({ timestamp: 2_000, attemptsStarted: 0 });
  release();
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
});

it('tells a job that failed and waits to run again from one never run (backpressure ignores retries)', async () => {
  const queue = new Queue(`retried-${randomUUID()}`, { connection });
  await queue.add('batch', { n: 1 }, { jobId: 'flaky', timestamp: 5_000, attempts: 3 });
  let failed!: () => void;
  const failedOnce = new Promise<void>((r) => (failed = r));
  const worker = new Worker(
    queue.name,
    async () => {
      throw new Error('database down');
    },
    { connection: connection.duplicate(), autorun: false },
  );
  worker.on('failed', () => failed());
  void worker.run();
  await failedOnce;
  await worker.close(true);
  // Failed without a backoff delay: back in the wait list, having started once.
  await expect.poll(() => oldestWaitingJob(queue), { timeout: 10_000 }).toEqual({ timestamp: 5_000, attemptsStarted: 1 });
  await queue.obliterate({ force: true });
  await queue.close();
});

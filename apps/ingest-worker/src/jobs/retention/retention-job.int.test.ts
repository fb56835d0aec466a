import { randomBytes, randomUUID } from 'node:crypto';
import { createProject, createUser, type DatabaseHandle } from '@seyir/db';
import { bullPrefix, newJobLog, processBatch, RETENTION_QUEUE, TemplateStore } from '@seyir/pipeline';
import { createTestDatabase, waitFor } from '@seyir/testkit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadWorkerConfig } from '../../config.js';
import { startWorker, type RunningWorker } from '../../worker.js';

/** The retention job in distributed mode: real PostgreSQL, real Redis, two real workers. */
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

const DAY = 86_400_000;

describe('retention job', () => {
  it('is registered once by two workers, and one of them deletes the logs past retention', async () => {
    const { url, handle } = await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
    closers.push(() => handle.close());
    const db: DatabaseHandle = handle;
    const user = await createUser(db.db, { username: 'saklama', email: 'saklama@example.com', firstName: '', lastName: '', passwordHash: 'x' });
    if (!user.ok) throw new Error('user');
    const projectId = (await createProject(db.db, { name: 'Saklama', environments: ['production'], ownerId: user.user.id })).id;
    const now = Date.now();
    const logs = [newJobLog({ message: 'Eski bağlantı hatası', timestampMs: now - 10 * DAY }), newJobLog({ message: 'Eski bağlantı hatası', timestampMs: now - 60_000 })];
    await processBatch({ database: db, templates: new TemplateStore(db.sql), planPreset: 'pricing' }, { batchId: randomUUID(), projectId, receivedAtMs: now, logs });

    const prefix = `r${randomBytes(4).toString('hex')}:`;
    const env = { DATABASE_URL: url, REDIS_URL: inject('redisUrl'), SEYIR_REDIS_PREFIX: prefix, SEYIR_RETENTION_EVERY_MS: '1000', LOG_LEVEL: 'silent' };
    const workers: RunningWorker[] = [];
    for (let i = 0; i < 2; i++) {
      const worker = await startWorker(loadWorkerConfig(env), pino({ level: 'silent' }));
      closers.push(() => worker.close());
      workers.push(worker);
    }
    const connection = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
    closers.push(async () => connection.disconnect());
    const queue = new Queue(RETENTION_QUEUE, { connection, prefix: bullPrefix(prefix) });
    closers.push(() => queue.close());

    expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual(['retention-hourly']);
    // The free plan keeps 7 days: the 10-day-old log goes, the recent one stays, and the group counts it.
    await waitFor('the retention job to delete the old log', async () => {
      const { rows } = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE project_id = $1`, [projectId]);
      return rows[0]!.n === 1;
    });
    const { rows } = await db.sql.query<{ id: string; count: number }>(`SELECT l.id, g.count FROM logs l JOIN log_groups g ON g.id = l.group_id WHERE l.project_id = $1`, [projectId]);
    expect(rows).toEqual([{ id: logs[1]!.id, count: 1 }]);
    // One job per tick for both workers: never two scheduled at once, never two running. (BullMQ
    // schedules the next tick when a run starts: one running and one scheduled is normal.)
    for (let i = 0; i < 10; i++) {
      const counts = await queue.getJobCounts('delayed', 'waiting', 'active');
      expect((counts.delayed ?? 0) + (counts.waiting ?? 0)).toBeLessThanOrEqual(1);
      expect(counts.active ?? 0).toBeLessThanOrEqual(1);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await queue.getJobSchedulersCount()).toBe(1);
    expect(await queue.getWorkersCount()).toBe(2);
  });
});

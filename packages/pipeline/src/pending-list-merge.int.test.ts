import { randomUUID } from 'node:crypto';
import { createProject, createUser, ensureLogPartitions, hotLogPartitions, mergeLogPendingLists, openDatabase, type DatabaseHandle } from '@seyir/db';
import { createTestDatabase } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newJobLog } from './new-job-log.js';
import { INGEST_CONNECTION_SETTINGS } from './partition-maintenance.js';
import { processBatch, type PipelineDeps } from './process-batch.js';
import { TemplateStore } from './template-store.js';

let plain: DatabaseHandle;
let ingest: DatabaseHandle;
let deps: PipelineDeps;
let projectId: string;

beforeAll(async () => {
  const created = await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
  plain = created.handle;
  // As the workers open it: GIN pending lists up to 64 MB, merged beside the inserts.
  ingest = await openDatabase({ databaseUrl: created.url, poolSize: 3, settings: INGEST_CONNECTION_SETTINGS });
  await ensureLogPartitions(plain.sql, new Date());
  const user = await createUser(plain.db, { username: 'gin', email: 'gin@example.com', firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('user');
  projectId = (await createProject(plain.db, { name: 'Bekleyen', environments: ['production'], ownerId: user.user.id })).id;
  deps = { database: ingest, templates: new TemplateStore(ingest.sql), planPreset: 'pricing' };
});
afterAll(async () => {
  await ingest?.close();
  await plain?.close();
});


describe('GIN pending lists of the ingest connections', () => {
  it('are not merged by the inserts, then merged by mergeLogPendingLists, and searches find the logs throughout', async () => {
    const { rows: limit } = await ingest.sql.query<{ v: string }>(`SELECT current_setting('gin_pending_list_limit') AS v`);
    expect(limit[0]!.v).toBe('64MB');
    const marker = `iğne-${randomUUID().slice(0, 8)}`;
    const now = Date.now();
    const logs = Array.from({ length: 300 }, (_, i) => newJobLog({ message: `Sipariş ${i} hazırlandı ${i === 150 ? marker : ''}`, timestampMs: now - i, tags: [`t${i % 7}`] }));
    await processBatch(deps, { batchId: randomUUID(), projectId, receivedAtMs: now, logs });
    const search = async () =>
      (await plain.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE project_id = $1 AND message ILIKE $2`, [projectId, `%${marker}%`])).rows[0]!.n;
    expect(await search()).toBe(1); // read from the pending list
    const merged = await mergeLogPendingLists(ingest, hotLogPartitions(new Date(now)));
    expect(merged).toBeGreaterThan(0);
    expect(await mergeLogPendingLists(ingest, hotLogPartitions(new Date(now)))).toBe(0); // nothing left
    expect(await search()).toBe(1); // read from the index proper
  });

  it('is done by one process at a time: another answers null while one holds the lock', async () => {
    let inner: number | null | undefined;
    await plain.transaction(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock($1)', [0x5e_71_67_01]);
      inner = await mergeLogPendingLists(ingest, hotLogPartitions(new Date()));
    });
    expect(inner).toBeNull();
  });
});

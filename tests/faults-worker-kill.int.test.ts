import { waitFor } from '@seyir/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from '../bench/ingest/processes.js';
import { exactlyOnce, makeLogs, newProject, postBatch, startTopology, storedCount, storedState, waitUntilStored, type Gateway, type TestProject, type Topology } from './faults/topology.js';

/**
 * Fault: an ingest worker process is SIGKILLed (or frozen with SIGSTOP, as a paused VM or a
 * host cut off would be) in the middle of a batch, and a new one is started. BullMQ's stalled-job check must hand the killed worker's jobs to the new one (within
 * the lock duration plus the stalled interval, seconds), and the idempotent batch transaction
 * must store and count every accepted log exactly once, whether the kill came before the
 * transaction committed or after it committed but before the job was marked done.
 *
 * To make the kill land mid-batch every time, the test holds a row lock on the account's
 * usage_monthly row: the worker's transaction inserts the batch's logs and then waits on that
 * lock, which PostgreSQL shows; only then is the worker killed.
 */
let topology: Topology;
let gateway: Gateway;

beforeAll(async () => {
  topology = await startTopology();
  gateway = await topology.startGateway();
}, 180_000);
afterAll(async () => {
  await topology?.close();
}, 120_000);

/** Holds the account's usage row locked (FOR UPDATE) in a transaction of the test's own. */
async function lockUsageRow(project: TestProject): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: topology.postgres.urlFor('seyir_faults') });
  await client.connect();
  await client.query('BEGIN');
  const { rowCount } = await client.query('SELECT 1 FROM usage_monthly WHERE account_id = $1 FOR UPDATE', [project.accountId]);
  if (rowCount === 0) throw new Error('no usage row to lock: ingest something first');
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

/**
 * Waits until a worker transaction has written part of a batch (it holds a write lock on a
 * logs partition) and waits for the usage row: the batch is half done and not committed.
 */
async function waitForBlockedBatch(): Promise<number[]> {
  let pids: number[] = [];
  await waitFor(
    'a worker transaction to have inserted logs and wait on the usage row',
    async () => {
      const { rows } = await topology.database.sql.query<{ pid: number }>(
        `SELECT a.pid FROM pg_stat_activity a
          WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
            AND a.wait_event_type = 'Lock' AND a.query ILIKE '%usage_monthly%' AND a.xact_start IS NOT NULL
            AND EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.granted AND l.mode = 'RowExclusiveLock'
                          AND l.relation::regclass::text LIKE 'logs%')`,
      );
      pids = rows.map((r) => r.pid);
      return pids.length > 0;
    },
    60_000,
    50,
  );
  return pids;
}

async function kill(worker: AppProcess): Promise<void> {
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill('SIGKILL');
  await exited;
}

/** A fresh project whose first batch is stored (its usage row exists, templates are warm). */
async function warmProject(): Promise<{ project: TestProject; accepted: string[] }> {
  const project = await newProject(gateway.api);
  const first = await postBatch(gateway.api, project.key, makeLogs(`${project.projectId.slice(0, 8)} ısınma`, 10));
  expect(first.status).toBe(202);
  await waitUntilStored(topology, project.projectId, 10);
  return { project, accepted: [...first.messages] };
}

describe('a worker lost in the middle of a batch', () => {
  it('before the batch committed: a new worker takes the job up again and every log is stored and counted once', { timeout: 300_000 }, async () => {
    const workerA = await topology.startWorker();
    const { project, accepted } = await warmProject();
    const lock = await lockUsageRow(project);
    for (let i = 0; i < 4; i++) {
      const result = await postBatch(gateway.api, project.key, makeLogs(`önce-commit ${i}`, 1000));
      expect(result.status).toBe(202);
      accepted.push(...result.messages);
    }
    await waitForBlockedBatch();
    const active = await topology.queue.getActive();
    expect(active.length).toBeGreaterThanOrEqual(1);
    await kill(workerA);
    await lock.release();
    // Nothing of the big batches was committed, and the killed worker's jobs are still "active".
    expect(await storedCount(topology.database, project.projectId)).toBe(10);
    const stillActive = (await topology.queue.getActive()).map((j) => j.id);
    for (const job of active) expect(stillActive).toContain(job.id);

    const killedAt = Date.now();
    const workerB = await topology.startWorker();
    await waitUntilStored(topology, project.projectId, accepted.length, 180_000);
    console.info(`[faults] worker killed before commit: all stored ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);
    expect(await storedState(topology.database, project, accepted)).toMatchObject(exactlyOnce(4010));
    for (const { id } of active) {
      const job = (await topology.queue.getJob(id!))!;
      expect(job.stalledCounter).toBeGreaterThanOrEqual(1); // found stalled, run again
      expect(job.returnvalue).toMatchObject({ inserted: 1000 }); // the rerun stored the whole batch
    }
    await workerB.stop();
  });

  it('after the batch committed but before the job was done: the rerun stores and counts nothing twice', { timeout: 300_000 }, async () => {
    const workerA = await topology.startWorker();
    const { project, accepted } = await warmProject();
    const lock = await lockUsageRow(project);
    const result = await postBatch(gateway.api, project.key, makeLogs('sonra-commit', 1000));
    expect(result.status).toBe(202);
    accepted.push(...result.messages);
    await waitForBlockedBatch();
    const [job] = await topology.queue.getActive();
    expect(job).toBeDefined();
    // Redis stops taking writes, so the worker cannot mark the job done after its commit.
    await topology.redisClient.call('CLIENT', 'PAUSE', '120000', 'WRITE');
    try {
      await lock.release();
      await waitFor('the batch to commit', async () => (await storedCount(topology.database, project.projectId)) === 1010, 60_000, 50);
      // A plain read (BullMQ's getters run scripts, which a write pause holds back).
      expect(await topology.redisClient.lrange(topology.queue.toKey('active'), 0, -1)).toContain(job!.id);
      await kill(workerA);
    } finally {
      await topology.redisClient.call('CLIENT', 'UNPAUSE');
    }

    const killedAt = Date.now();
    const workerB = await topology.startWorker();
    await waitFor('the killed job to be run again and completed', async () => (await topology.queue.getJob(job!.id!))?.finishedOn !== undefined, 180_000, 200);
    console.info(`[faults] worker killed after commit: job done again ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);
    await waitUntilStored(topology, project.projectId, accepted.length);
    expect(await storedState(topology.database, project, accepted)).toMatchObject(exactlyOnce(1010));
    const rerun = (await topology.queue.getJob(job!.id!))!;
    expect(rerun.stalledCounter).toBeGreaterThanOrEqual(1);
    expect(rerun.returnvalue).toMatchObject({ inserted: 0 }); // already stored: the rerun inserted and counted nothing
    await workerB.stop();
  });

  it('frozen (SIGSTOP) with its transaction open: the job runs again elsewhere, and nothing doubles when it wakes', { timeout: 300_000 }, async () => {
    // A frozen process (or a lost host) keeps its connection open: PostgreSQL must end the
    // abandoned transaction itself, or the rerun waits for its uncommitted rows forever.
    const workerA = await topology.startWorker();
    const { project, accepted } = await warmProject();
    const lock = await lockUsageRow(project);
    const result = await postBatch(gateway.api, project.key, makeLogs('donmuş', 1000));
    expect(result.status).toBe(202);
    accepted.push(...result.messages);
    const [pid] = await waitForBlockedBatch();
    const [job] = await topology.queue.getActive();
    expect(job).toBeDefined();
    workerA.child.kill('SIGSTOP');
    try {
      await lock.release();
      await waitFor(
        'the frozen worker’s transaction to sit idle',
        async () => (await topology.database.sql.query<{ state: string }>('SELECT state FROM pg_stat_activity WHERE pid = $1', [pid])).rows[0]?.state === 'idle in transaction',
        30_000,
        50,
      );
      const frozenAt = Date.now();
      const workerB = await topology.startWorker();
      await waitUntilStored(topology, project.projectId, accepted.length, 180_000);
      console.info(`[faults] worker frozen mid-transaction: batch stored by another ${Math.round((Date.now() - frozenAt) / 1000)} s later`);
      expect((await topology.queue.getJob(job!.id!))!.returnvalue).toMatchObject({ inserted: 1000 });
      // The frozen worker wakes up: its transaction is gone and its job is someone else's.
      workerA.child.kill('SIGCONT');
      const after = await postBatch(gateway.api, project.key, makeLogs('uyandı', 10));
      expect(after.status).toBe(202);
      accepted.push(...after.messages);
      await waitUntilStored(topology, project.projectId, accepted.length);
      expect(await storedState(topology.database, project, accepted)).toMatchObject(exactlyOnce(1020));
      // … and goes on working: its lost connection is an error to retry, not a crash.
      expect({ exitCode: workerA.child.exitCode, signal: workerA.child.signalCode }).toEqual({ exitCode: null, signal: null });
      await workerB.stop();
    } finally {
      workerA.child.kill('SIGCONT');
      await workerA.stop();
    }
  });
});

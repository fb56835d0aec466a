import { waitFor } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactlyOnce, makeLogs, newProject, postBatch, startTopology, storedState, waitUntilStored, type IngestResult, type Topology } from './faults/topology.js';

/**
 * Fault: PostgreSQL stops while logs keep arriving. The gateway keeps accepting them (they
 * wait in Redis as jobs, up to the backpressure limit, past which it answers 503), the worker's
 * jobs fail and retry with backoff, and once PostgreSQL is back every accepted log is stored
 * once and every count (groups, hourly rollups, monthly usage) matches.
 */
// Above what the first phase can queue (one batch per ≥ 100 ms for about 7 s), so only the second fills it.
const MAX_WAITING = 150;
let topology: Topology;

beforeAll(async () => {
  topology = await startTopology();
}, 180_000);
afterAll(async () => {
  await topology?.close();
}, 120_000);

describe('PostgreSQL stopped and restarted while jobs wait', () => {
  it('keeps accepting into the queue, retries, and stores and counts every accepted log once', { timeout: 300_000 }, async () => {
    const gateway = await topology.startGateway({ SEYIR_INGEST_MAX_WAITING: String(MAX_WAITING) });
    await topology.startWorker();
    const project = await newProject(gateway.api);
    const accepted: string[] = [];
    const first = await postBatch(gateway.api, project.key, makeLogs('önce', 100));
    expect(first.status).toBe(202);
    accepted.push(...first.messages);
    await waitUntilStored(topology, project.projectId, 100);

    await topology.postgres.stop('fast');
    const downAt = Date.now();
    // Past the gateway's API-key cache (5 s): the key must still be honoured without the database.
    const during: IngestResult[] = [];
    let retried = false;
    let seq = 0;
    await waitFor(
      'jobs to fail and retry while ingest goes on',
      async () => {
        const result = await postBatch(gateway.api, project.key, makeLogs(`kesinti ${seq++}`, 100));
        during.push(result);
        if (result.status === 202) accepted.push(...result.messages);
        retried ||= (await topology.queue.getDelayed()).some((job) => job.attemptsMade >= 1);
        return retried && Date.now() - downAt > 7_000;
      },
      60_000,
      100,
    );
    expect(during.map((r) => `${r.status} ${r.code ?? ''}`.trim())).toEqual(during.map(() => '202'));
    // A key the gateway has not seen cannot be checked now: 503 (try again), not 500 and not 401.
    const unknownKey = await postBatch(gateway.api, `seyir_${'x'.repeat(43)}`, makeLogs('bilinmeyen', 1));
    expect(unknownKey).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(unknownKey.retryAfter).toBeTruthy();

    // Jobs pile up only to the limit; then ingest answers 503 with Retry-After, never 5xx else.
    let refused: IngestResult | undefined;
    for (let i = 0; i < 2 * MAX_WAITING && !refused; i++) {
      const result = await postBatch(gateway.api, project.key, makeLogs(`dolu ${i}`, 100));
      if (result.status === 202) accepted.push(...result.messages);
      else refused = result;
    }
    expect(refused).toMatchObject({ status: 503 });
    expect(Number(refused!.retryAfter)).toBeGreaterThanOrEqual(1);
    const queued = await topology.queue.getJobCounts('waiting', 'active', 'delayed');
    // Beyond the bound only the jobs the worker holds: two per transaction it may run (default 2).
    expect(queued.waiting! + queued.active! + queued.delayed!).toBeLessThanOrEqual(MAX_WAITING + 4);
    expect(accepted.length).toBeGreaterThanOrEqual(100 * (MAX_WAITING - 2));

    await topology.postgres.start();
    const upAt = Date.now();
    await waitUntilStored(topology, project.projectId, accepted.length, 180_000);
    console.info(`[faults] PostgreSQL down ${Math.round((upAt - downAt) / 1000)} s; ${accepted.length} accepted logs stored ${Math.round((Date.now() - upAt) / 1000)} s after it returned`);
    // Ingest accepts again once the backlog is stored.
    const after = await postBatch(gateway.api, project.key, makeLogs('sonra', 100));
    expect(after.status).toBe(202);
    accepted.push(...after.messages);
    await waitUntilStored(topology, project.projectId, accepted.length);
    expect(await storedState(topology.database, project, accepted)).toMatchObject(exactlyOnce(accepted.length));
  });
});

import { waitFor } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactlyOnce, makeLogs, newProject, postBatch, startTopology, storedState, waitUntilStored, type IngestResult, type Topology } from './faults/topology.js';

/**
 * Fault: Redis is killed (SIGKILL) while clients keep ingesting, and started again. While it is
 * down the gateway answers 503 with Retry-After — never a 202 for a batch that is then lost —
 * and once it is back, gateway and worker recover by themselves (no process is restarted):
 * every batch that got a 202 is stored exactly once, with every count right.
 */
let topology: Topology;

beforeAll(async () => {
  topology = await startTopology();
}, 180_000);
afterAll(async () => {
  await topology?.close();
}, 120_000);

describe('Redis stopped and restarted during ingest', () => {
  it('answers 503 while it is down, never a lost 202, and recovers by itself', { timeout: 300_000 }, async () => {
    const gateway = await topology.startGateway();
    await topology.startWorker();
    const project = await newProject(gateway.api);

    // Three clients post 50-log batches in a loop, each log with its own message.
    const results: IngestResult[] = [];
    let running = true;
    let seq = 0;
    const client = async (c: number) => {
      while (running) {
        results.push(await postBatch(gateway.api, project.key, makeLogs(`istemci ${c} parti ${seq++}`, 50)));
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const clients = [0, 1, 2].map(client);
    const count = (check: (r: IngestResult) => boolean) => results.filter(check).length;
    try {
      await waitFor('ingest to run', async () => count((r) => r.status === 202) >= 20, 60_000);

      await topology.redis.stop('kill');
      const downAt = Date.now();
      // Down long enough for the clients' reconnect backoff to grow (ioredis, BullMQ).
      await waitFor('requests made while Redis is down', async () => count((r) => r.startedAt >= downAt) >= 20 && Date.now() - downAt >= 10_000, 60_000);
      const upAt = Date.now();
      await topology.redis.start();
      const backAt = Date.now();
      await waitFor('ingest to accept again', async () => count((r) => r.startedAt >= backAt && r.status === 202) >= 20, 90_000, 200);
      const acceptingAt = Math.min(...results.filter((r) => r.startedAt >= backAt && r.status === 202).map((r) => r.endedAt));
      running = false;
      await Promise.all(clients);

      // Every answer is a 202 or a 503 with Retry-After; while Redis was down, only 503.
      expect(results.filter((r) => !(r.status === 202 || (r.status === 503 && r.retryAfter))).map((r) => `${r.status} ${r.code ?? ''}`)).toEqual([]);
      const whileDown = results.filter((r) => r.startedAt >= downAt && r.endedAt <= upAt);
      expect(whileDown.length).toBeGreaterThanOrEqual(20);
      expect(whileDown.map((r) => `${r.status} ${r.code}`)).toEqual(whileDown.map(() => '503 UNAVAILABLE'));

      const accepted = results.filter((r) => r.status === 202).flatMap((r) => r.messages);
      // The worker may have been holding jobs when Redis died: they come back once their lock expires.
      await waitUntilStored(topology, project.projectId, accepted.length, 180_000);
      const state = await storedState(topology.database, project, accepted);
      // A 503 for a request in flight as Redis died may have reached Redis before the answer was
      // lost: such logs may be stored (and would be sent again by a client). Nothing else may be.
      const inFlightAtKill = new Set(results.filter((r) => r.status !== 202 && r.startedAt < downAt).flatMap((r) => r.messages));
      expect(state.unexpected.filter((m) => !inFlightAtKill.has(m))).toEqual([]);
      expect({ ...state, unexpected: [] }).toMatchObject(exactlyOnce(accepted.length + state.unexpected.length));
      expect(state.unexpected.length).toBeLessThanOrEqual(inFlightAtKill.size);
      console.info(
        `[faults] Redis down ${Math.round((upAt - downAt) / 1000)} s: ${whileDown.length} requests answered 503; accepting again ${((acceptingAt - backAt) / 1000).toFixed(1)} s after its restart; ${accepted.length} accepted logs stored once, the last ${Math.round((Date.now() - backAt) / 1000)} s after the restart; ${state.unexpected.length} logs of in-flight 503s stored`,
      );
    } finally {
      running = false;
      await Promise.all(clients);
    }
  });
});

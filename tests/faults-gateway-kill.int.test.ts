import { waitFor } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactlyOnce, makeLogs, newProject, postBatch, startTopology, storedState, waitUntilStored, type IngestResult, type Topology } from './faults/topology.js';

/**
 * Fault: a gateway process is SIGKILLed while clients ingest through it (some requests waiting
 * in its 20 ms coalescing window). A request it had not answered gets no answer — never a 202 —
 * and every 202 it gave is stored once: the answer is sent only after Redis holds the job.
 */
let topology: Topology;

beforeAll(async () => {
  topology = await startTopology();
}, 180_000);
afterAll(async () => {
  await topology?.close();
}, 120_000);

describe('a gateway killed with SIGKILL during ingest', () => {
  it('loses no accepted batch: every 202 is stored once, unanswered requests are the client’s to retry', { timeout: 300_000 }, async () => {
    const gateway = await topology.startGateway();
    await topology.startWorker();
    const project = await newProject(gateway.api);
    const results: IngestResult[] = [];
    let running = true;
    let seq = 0;
    const client = async (c: number) => {
      while (running) results.push(await postBatch(gateway.api, project.key, makeLogs(`ağ geçidi ${c} parti ${seq++}`, 20)));
    };
    const clients = [0, 1, 2, 3].map(client);
    await waitFor('ingest to run', async () => results.filter((r) => r.status === 202).length >= 50, 60_000);
    const exited = new Promise((resolve) => gateway.process.child.once('exit', resolve));
    gateway.process.child.kill('SIGKILL');
    await exited;
    await waitFor('the clients to see the gateway gone', async () => results.filter((r) => r.status === 0).length >= 4, 30_000);
    running = false;
    await Promise.all(clients);

    expect(results.filter((r) => r.status !== 202 && r.status !== 0).map((r) => r.status)).toEqual([]);
    const accepted = results.filter((r) => r.status === 202).flatMap((r) => r.messages);
    // A replacement gateway serves the same project; its batch is stored too.
    const replacement = await topology.startGateway();
    const after = await postBatch(replacement.api, project.key, makeLogs('yeni ağ geçidi', 20));
    expect(after.status).toBe(202);
    accepted.push(...after.messages);
    await waitUntilStored(topology, project.projectId, accepted.length);
    const state = await storedState(topology.database, project, accepted);
    // A request cut off by the kill may have been queued just before it (its answer was lost).
    const unanswered = new Set(results.filter((r) => r.status === 0).flatMap((r) => r.messages));
    expect(state.unexpected.filter((m) => !unanswered.has(m))).toEqual([]);
    expect({ ...state, unexpected: [] }).toMatchObject(exactlyOnce(accepted.length + state.unexpected.length));
    console.info(`[faults] gateway killed: ${accepted.length} accepted logs stored once; ${unanswered.size} logs unanswered, ${state.unexpected.length} of them stored`);
  });
});

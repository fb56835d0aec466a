import { LIVE_MESSAGES, SERVER_MESSAGES, type LiveReload } from '@seyir/domain';
import { loadWorkerConfig, startWorker, type RunningWorker } from '@seyir/ingest-worker';
import { liveChannelKey } from '@seyir/pipeline';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectLive, LiveConnectError, type LiveTestClient } from '../apps/gateway/src/live/live-test-client.js';
import { startTestGateway, type TestGateway } from '../apps/gateway/src/test/test-gateway.js';

/**
 * Distributed mode with two gateways and one worker on one PostgreSQL and one Redis: logs
 * ingested through gateway A are processed by the worker, published through Redis and streamed
 * by gateway B (and A) to the members of the project.
 */
let gwA: TestGateway;
let gwB: TestGateway;
let worker: RunningWorker;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  gwA = await startTestGateway();
  gwB = await startTestGateway({ env: { DATABASE_URL: gwA.databaseUrl!, SEYIR_REDIS_PREFIX: gwA.deps.redisPrefix } });
  worker = await startWorker(
    loadWorkerConfig({ DATABASE_URL: gwA.databaseUrl!, REDIS_URL: inject('redisUrl'), SEYIR_REDIS_PREFIX: gwA.deps.redisPrefix, LOG_LEVEL: 'silent' }),
    pino({ level: 'silent' }),
  );
});
afterAll(async () => {
  for (const client of clients) client.close();
  await worker?.close();
  await gwB?.close();
  await gwA?.close();
});

async function connect(gw: TestGateway, token: string, options: { batch?: boolean } = {}) {
  const client = await connectLive(gw.url, token, options);
  clients.push(client);
  return client;
}

async function newProject(username: string) {
  const user = await gwA.api.signUp(username);
  const project = await gwA.api.createProject(user.token, `Proje ${username}`, ['production']);
  const key = (await gwA.api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Anahtar' }, user.token)).body.key as string;
  return { user, token: user.token, projectId: project.id as string, key };
}

/** Ingests through gateway A; resolves when the ingest answered. */
async function ingest(key: string, messages: string[]) {
  for (let i = 0; i < messages.length; i += 1000) {
    const response = await gwA.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: messages.slice(i, i + 1000).map((message) => ({ message, level: 'INFO' })) });
    expect(response.status).toBe(202);
  }
}

async function storedIds(projectId: string, expected: number): Promise<string[]> {
  for (let i = 0; i < 150; i++) {
    const { rows } = await gwA.deps.database.sql.query<{ id: string }>('SELECT id FROM logs WHERE project_id = $1 ORDER BY timestamp, id', [projectId]);
    if (rows.length >= expected) return rows.map((r) => r.id);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${expected} logs stored`);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live updates across gateways', () => {
  it('streams to a client on gateway B, within a second, a log ingested through gateway A', async () => {
    const { token, projectId, key } = await newProject('canliuc');
    const client = await connect(gwB, token);
    await client.join(projectId);
    for (let i = 0; i < 3; i++) {
      const before = client.logs().length;
      await ingest(key, [`Sipariş ${i} oluşturuldu`]);
      const answered = Date.now();
      await client.waitFor(() => client.logs().length === before + 1, 1000);
      const received = client.events.findLast((e) => e.name === 'log:new')!.at;
      expect(received - answered).toBeLessThan(1000);
    }
    expect(client.logs().map((l) => l.message)).toEqual(['Sipariş 0 oluşturuldu', 'Sipariş 1 oluşturuldu', 'Sipariş 2 oluşturuldu']);
    expect(client.events.some((e) => e.name === 'group:updated')).toBe(true);
  });

  it('publishes no frame of a project nobody follows, and streams from the first batch after a join', async () => {
    const { token, projectId, key } = await newProject('izlenmeyen');
    // Everything workers publish to the gateways, as Redis carries it.
    const listener = new Redis(inject('redisUrl'));
    const heard: string[] = [];
    listener.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, message: Buffer) => heard.push(message.toString('latin1')));
    await listener.psubscribe(`${liveChannelKey(gwA.deps.redisPrefix)}*`);
    try {
      await ingest(key, ['Kimse izlemiyor']);
      await storedIds(projectId, 1);
      await pause(300);
      expect(heard.filter((m) => m.includes(projectId))).toEqual([]);

      const client = await connect(gwB, token);
      await client.join(projectId);
      await ingest(key, ['Artık izleniyor']);
      await client.waitFor(() => client.logs().length === 1);
      expect(client.logs().map((l) => l.message)).toEqual(['Artık izleniyor']);
      expect(heard.some((m) => m.includes(projectId))).toBe(true);
    } finally {
      listener.disconnect();
    }
  });

  it('sends a member of project X nothing of project Y', async () => {
    const x = await newProject('xsahibi');
    const y = await newProject('ysahibi');
    const onB = await connect(gwB, x.token);
    const dashboard = await connect(gwA, x.token, { batch: true });
    await onB.join(x.projectId);
    const refused = await onB.join(y.projectId);
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: LIVE_MESSAGES.projectNotFound } });
    expect((await dashboard.joinDashboard()).ok && true).toBe(true);
    const yWatcher = await connect(gwB, y.token);
    await yWatcher.join(y.projectId);

    await ingest(y.key, ['Y projesine ait gizli log']);
    await ingest(x.key, ['X projesine ait log']);
    await yWatcher.waitFor(() => yWatcher.logs().length === 1);
    await onB.waitFor(() => onB.logs().length === 1);
    await dashboard.waitFor(() => dashboard.logs().length === 1);
    await pause(400);
    for (const client of [onB, dashboard]) {
      expect(client.logs().map((l) => l.message)).toEqual(['X projesine ait log']);
      // Only the refusal names Y (echoing the request); no event carries anything of it.
      expect(JSON.stringify(client.events.filter((e) => e.name !== 'error'))).not.toContain(y.projectId);
    }
  });

  it('stops streaming to a removed member at once, on every gateway', async () => {
    const { token, projectId, key } = await newProject('ekipsahibi');
    const member = await gwA.api.signUp('gidenuye');
    expect((await gwA.api.post(`/api/v1/projects/${projectId}/members`, { user_id: member.user.id }, token)).status).toBe(201);
    const memberOnB = await connect(gwB, member.token);
    const memberOnA = await connect(gwA, member.token);
    const ownerOnB = await connect(gwB, token);
    for (const client of [memberOnB, memberOnA, ownerOnB]) expect((await client.join(projectId)).ok).toBe(true);
    await ingest(key, ['Üye bunu görür']);
    for (const client of [memberOnB, memberOnA, ownerOnB]) await client.waitFor(() => client.logs().length === 1);

    expect((await gwA.api.delete(`/api/v1/projects/${projectId}/members/${member.user.id}`, token)).status).toBe(204);
    await ingest(key, ['Üye bunu artık görmez']);
    await ownerOnB.waitFor(() => ownerOnB.logs().length === 2);
    await pause(400);
    expect(memberOnB.logs().map((l) => l.message)).toEqual(['Üye bunu görür']);
    expect(memberOnA.logs().map((l) => l.message)).toEqual(['Üye bunu görür']);
    // Joining again is refused: the membership is checked on every join.
    expect((await memberOnB.join(projectId)).ok).toBe(false);
  });

  it("sends the owner's monthly usage from the worker through Redis, and closes a logged-out user's sockets on every gateway", async () => {
    const { token, user: { user }, key } = await newProject('kullanimdagitik');
    const onB = await connect(gwB, token);
    const onA = await connect(gwA, token);
    await ingest(key, ['kullanım a', 'kullanım b', 'kullanım c']);
    await onB.waitFor(() => onB.events.some((e) => e.name === 'usage:updated'), 10_000);
    expect(onB.events.find((e) => e.name === 'usage:updated')!.payload).toMatchObject({ user_id: user.id, logs: 3, over_quota: false });

    const closedA = new Promise<string>((resolve) => onA.socket.once('disconnect', (reason) => resolve(reason)));
    const closedB = new Promise<string>((resolve) => onB.socket.once('disconnect', (reason) => resolve(reason)));
    expect((await gwA.api.post('/api/v1/auth/logout', {}, token)).status).toBeLessThan(300);
    expect(await closedA).toBe('io server disconnect');
    expect(await closedB).toBe('io server disconnect');
  });

  it('refuses a forged or expired token on any gateway', async () => {
    const { user } = await newProject('sahtejeton');
    const secret = 'test-secret-that-is-at-least-32-characters-long'; // the test gateways' JWT_SECRET
    const forged = jwt.sign({ ver: 0 }, 'not-the-secret-but-just-as-long-as-the-real-one', { subject: user.user.id, expiresIn: 600 });
    const expired = jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 1 }, secret, { subject: user.user.id });
    for (const gw of [gwA, gwB]) {
      for (const token of [forged, expired, 'bozuk.jeton']) {
        const error = await connect(gw, token).then(() => undefined, (e: unknown) => e);
        expect(error).toBeInstanceOf(LiveConnectError);
        expect((error as LiveConnectError).message).toBe(SERVER_MESSAGES.sessionExpired);
      }
    }
  });

  it('sends a client that reconnects with the last log it saw exactly the 100 it missed', async () => {
    const { token, projectId, key } = await newProject('yenidenbag');
    const first = await connect(gwB, token);
    await first.join(projectId);
    await ingest(key, ['Görülen son log']);
    await first.waitFor(() => first.logs().length === 1);
    const lastSeen = first.logs()[0]!._id;
    first.close();

    await ingest(key, Array.from({ length: 100 }, (_, i) => `Kaçırılan log ${i}`));
    const missedIds = (await storedIds(projectId, 101)).filter((id) => id !== lastSeen);

    const again = await connect(gwA, token);
    expect((await again.join(projectId, lastSeen)).ok).toBe(true);
    await again.waitFor(() => again.logs().length >= 100);
    await pause(400);
    expect(again.logs().map((l) => l._id)).toEqual(missedIds);
    // Logs of one batch share a millisecond; within it the (timestamp, id) order is the id's random part.
    expect(again.logs().map((l) => l.message).sort()).toEqual(Array.from({ length: 100 }, (_, i) => `Kaçırılan log ${i}`).sort());

    // Live logs keep flowing after the catch-up, without repeats.
    await ingest(key, ['Yakalamadan sonra']);
    await again.waitFor(() => again.logs().length === 101);
    expect(new Set(again.logs().map((l) => l._id)).size).toBe(101);
  });

  it('tells a client that missed more than the catch-up cap to reload', async () => {
    const { token, projectId, key } = await newProject('cokgeride');
    await ingest(key, ['Başlangıç']);
    const [start] = await storedIds(projectId, 1);
    await ingest(key, Array.from({ length: 1001 }, (_, i) => `Yığın ${i}`));
    await storedIds(projectId, 1002);
    const client = await connect(gwB, token, { batch: true });
    await client.join(projectId, start);
    await client.waitFor(() => client.events.some((e) => e.name === 'reload'));
    expect(client.events.find((e) => e.name === 'reload')!.payload as LiveReload).toEqual({ project_id: projectId, reason: 'too_far_behind' });
    expect(client.logs()).toEqual([]);
  });
});

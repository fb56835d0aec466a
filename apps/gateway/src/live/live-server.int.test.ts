import { LIVE_MESSAGES, SERVER_MESSAGES, type LiveBatch, type LiveGroup, type LiveStats, type LiveUsage } from '@seyir/domain';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';
import { connectLive, LiveConnectError, type LiveTestClient } from './live-test-client.js';

/** Embedded mode: the pipeline runs in the gateway and frames go to the in-process Socket.IO server. */
const SECRET = 'live-test-secret-that-is-at-least-32-characters';
let gw: TestGateway;
let owner: { token: string; user: { id: string } };
let projectId: string;
let key: string;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  gw = await startTestGateway({ database: 'pglite', env: { JWT_SECRET: SECRET } });
  owner = await gw.api.signUp('canli');
  projectId = (await gw.api.createProject(owner.token, 'Canlı Proje', ['production'])).id;
  key = (await gw.api.post(`/api/v1/projects/${projectId}/api-keys/`, { name: 'Canlı anahtar' }, owner.token)).body.key;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await gw?.close();
});

async function connect(token: string, options: { batch?: boolean } = {}) {
  const client = await connectLive(gw.url, token, options);
  clients.push(client);
  return client;
}

async function ingest(logs: { message: string; level?: string }[], apiKey = key) {
  const response = await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': apiKey }, json: logs.map((l) => ({ level: 'INFO', ...l })) });
  expect(response.status).toBeLessThan(300);
}

async function refusal(token: string): Promise<LiveConnectError> {
  const error = await connect(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LiveConnectError);
  return error as LiveConnectError;
}

describe('live gateway (embedded)', () => {
  it('refuses a missing, forged, expired or revoked token with a Turkish message', async () => {
    expect((await refusal('')).message).toBe(SERVER_MESSAGES.unauthenticated);
    const forged = jwt.sign({ ver: 0 }, 'another-secret-that-is-also-32-characters-long', { subject: owner.user.id, expiresIn: 3600 });
    expect((await refusal(forged)).message).toBe(SERVER_MESSAGES.sessionExpired);
    const expired = jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, { subject: owner.user.id });
    expect((await refusal(expired)).message).toBe(SERVER_MESSAGES.sessionExpired);
    expect((await refusal(expired)).data).toMatchObject({ code: 'UNAUTHENTICATED' });

    const leaver = await gw.api.signUp('cikanci');
    await connect(leaver.token); // valid until the logout below
    expect((await gw.api.post('/api/v1/auth/logout', {}, leaver.token)).status).toBeLessThan(300);
    expect((await refusal(leaver.token)).message).toBe(SERVER_MESSAGES.sessionExpired);
  });

  it('closes an open socket when its token expires, telling the client why', async () => {
    const shortLived = jwt.sign({ ver: 0 }, SECRET, { subject: owner.user.id, expiresIn: 3 });
    const client = await connect(shortLived);
    expect((await client.join(projectId)).ok).toBe(true);
    const closed = new Promise<string>((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));
    await client.waitFor(() => client.events.some((e) => e.name === 'error'), 15_000);
    expect(client.events.find((e) => e.name === 'error')!.payload).toEqual({ code: 'UNAUTHENTICATED', message: SERVER_MESSAGES.sessionExpired });
    expect(await closed).toBe('io server disconnect');
    expect((await refusal(shortLived)).message).toBe(SERVER_MESSAGES.sessionExpired);
  });

  it('closes every open socket of a user whose tokens are revoked (logout, password change), and only theirs', async () => {
    const user = await gw.api.signUp('iptal');
    const bystander = await connect(owner.token);
    const first = await connect(user.token);
    const second = await connect(user.token);
    const closedFirst = new Promise<string>((resolve) => first.socket.once('disconnect', (reason) => resolve(reason)));
    const closedSecond = new Promise<string>((resolve) => second.socket.once('disconnect', (reason) => resolve(reason)));
    expect((await gw.api.post('/api/v1/auth/logout', {}, user.token)).status).toBeLessThan(300);
    expect(await closedFirst).toBe('io server disconnect');
    expect(await closedSecond).toBe('io server disconnect');
    expect(first.events.some((e) => e.name === 'error' && (e.payload as { code?: string }).code === 'UNAUTHENTICATED')).toBe(true);
    expect(bystander.socket.connected).toBe(true);

    // A password change answers a fresh token: the old sockets close, the new token connects.
    const token = await gw.api.login(user.user.username, 'parola1234');
    const old = await connect(token);
    const closedOld = new Promise<string>((resolve) => old.socket.once('disconnect', (reason) => resolve(reason)));
    const changed = await gw.api.post('/api/v1/auth/change-password', { currentPassword: 'parola1234', newPassword: 'Yepyeni-sifre-77', passwordConfirm: 'Yepyeni-sifre-77' }, token);
    expect(changed.status).toBe(200);
    expect(await closedOld).toBe('io server disconnect');
    expect((await refusal(token)).message).toBe(SERVER_MESSAGES.sessionExpired);
    expect((await connect(changed.body.access_token as string)).socket.connected).toBe(true);
  });

  it("sends the owner the month's usage against the quota after a batch, throttled, and not to other members", async () => {
    const account = await gw.api.signUp('kullanimsahibi');
    const member = await gw.api.signUp('kullanim');
    const usageProject = (await gw.api.createProject(account.token, 'Kullanım Projesi', ['production'])).id;
    const usageKey = (await gw.api.post(`/api/v1/projects/${usageProject}/api-keys/`, { name: 'Kullanım anahtarı' }, account.token)).body.key as string;
    expect(usageKey).toMatch(/^seyir_/);
    expect((await gw.api.post(`/api/v1/projects/${usageProject}/members`, { user_id: member.user.id, role: 'viewer' }, account.token)).status).toBeLessThan(300);
    const ownerClient = await connect(account.token);
    const memberClient = await connect(member.token);
    const usages = () => ownerClient.events.filter((e) => e.name === 'usage:updated').map((e) => e.payload as LiveUsage);
    await ingest([{ message: 'kullanım 1' }, { message: 'kullanım 2' }], usageKey);
    await ownerClient.waitFor(() => usages().length === 1, 10_000);
    const first = usages()[0]!;
    expect(first).toMatchObject({ user_id: account.user.id, over_quota: false });
    expect(first.month).toMatch(/^\d{4}-\d{2}-01$/);
    expect(first.quota).toBeGreaterThan(0);
    expect(first.logs).toBeGreaterThanOrEqual(2);
    expect(first.percent_used).toBe(Math.floor((first.logs / first.quota) * 100));
    // A second batch right after is held back, then sent once with the newer count.
    await ingest([{ message: 'kullanım 3' }], usageKey);
    await ingest([{ message: 'kullanım 4' }], usageKey);
    await new Promise((r) => setTimeout(r, 1000));
    expect(usages()).toHaveLength(1);
    await ownerClient.waitFor(() => usages().length === 2, 15_000);
    expect(usages()[1]!.logs).toBe(first.logs + 2);
    expect(memberClient.events.some((e) => e.name === 'usage:updated')).toBe(false);
  });

  it("streams a member's new logs, the group they went to and today's counts", async () => {
    const client = await connect(owner.token);
    expect(await client.join(projectId)).toEqual({ ok: true, project_ids: [projectId] });
    await ingest([{ message: 'Ödeme alındı', level: 'INFO' }, { message: 'Veritabanı bağlantısı koptu', level: 'ERROR' }]);
    await client.waitFor(() => client.logs().length === 2 && client.events.some((e) => e.name === 'stats:updated'));
    expect(client.logs().map((l) => [l.message, l.level, l.project_id])).toEqual([
      ['Ödeme alındı', 'INFO', projectId],
      ['Veritabanı bağlantısı koptu', 'ERROR', projectId],
    ]);
    const log = client.logs()[0]!;
    expect(Object.keys(log).sort()).toEqual(['_id', 'environment', 'group_id', 'host', 'id', 'level', 'message', 'project_id', 'tags', 'timestamp']);
    const groups = client.events.filter((e) => e.name === 'group:updated').map((e) => e.payload as LiveGroup);
    expect(groups).toHaveLength(2);
    expect(groups.every((g) => g.is_new && g.count === 1 && g.status === 'unresolved' && g._id === g.group_id)).toBe(true);
    const stats = client.events.findLast((e) => e.name === 'stats:updated')!.payload as LiveStats;
    expect(stats).toMatchObject({ project_id: projectId, today: { INFO: 1, ERROR: 1 }, today_total: 2 });
  });

  it('answers a join of a project the user does not see with an error and sends it nothing', async () => {
    const stranger = await gw.api.signUp('yabanci');
    const client = await connect(stranger.token);
    const answer = await client.join(projectId);
    expect(answer).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: LIVE_MESSAGES.projectNotFound, project_id: projectId } });
    expect(client.events).toEqual([{ name: 'error', payload: answer.ok ? null : answer.error, at: expect.any(Number) }]);
    expect((await client.join('not-a-project')).ok).toBe(false);
    expect((await client.joinDashboard()).ok).toBe(true);

    const member = await connect(owner.token);
    await member.join(projectId);
    await ingest([{ message: 'Yalnız üyeler görür' }]);
    await member.waitFor(() => member.logs().length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(client.events.map((e) => e.name)).toEqual(['error', 'error']);
  });

  it('coalesces a burst into a few frames carrying the newest logs and the number left out', async () => {
    const client = await connect(owner.token, { batch: true });
    await client.join(projectId);
    const started = Date.now();
    for (let i = 0; i < 6; i++) await ingest(Array.from({ length: 100 }, (_, j) => ({ message: `Yığın ${i}-${j}` })));
    const frames = () => client.events.filter((e) => e.name === 'live:batch').map((e) => e.payload as LiveBatch);
    await client.waitFor(() => frames().reduce((n, f) => n + f.logs.length + f.skipped, 0) === 600, 10_000);
    const elapsed = Date.now() - started;
    expect(frames().length).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 1);
    expect(frames().every((f) => f.logs.length <= 200)).toBe(true);
    expect(frames().at(-1)!.logs.at(-1)!.message).toBe('Yığın 5-99');
  });

  it('joins every project of the user for the dashboard', async () => {
    const second = (await gw.api.createProject(owner.token, 'İkinci Proje', ['production'])).id;
    const client = await connect(owner.token);
    const answer = await client.joinDashboard();
    expect(answer.ok && [...answer.project_ids].sort()).toEqual([projectId, second].sort());
    await ingest([{ message: 'Panoya düşer' }]);
    await client.waitFor(() => client.logs(projectId).length === 1);
  });
});

import { loadWorkerConfig, startWorker } from '@seyir/ingest-worker';
import { waitFor } from '@seyir/testkit';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { logSeeder } from '../apps/gateway/src/routes/logs-test-seed.js';
import { startTestGateway, type TestGateway } from '../apps/gateway/src/test/test-gateway.js';

/** GET /projects/:id/groups/health with real processes: distributed (Redis, a real worker) and embedded. */
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await Promise.race([close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
});

async function setup(gw: TestGateway) {
  closers.push(() => gw.close());
  const suffix = Math.random().toString(36).slice(2, 8);
  const owner = await gw.api.signUp(`s${suffix}`);
  const viewer = await gw.api.signUp(`v${suffix}`);
  const stranger = await gw.api.signUp(`y${suffix}`);
  const project = await gw.api.createProject(owner.token, 'Sağlık', ['production']);
  await gw.api.post(`/api/v1/projects/${project.id}/members`, { user_id: viewer.user.id, role: 'viewer' }, owner.token);
  const key = (await gw.api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Sağlık anahtarı' }, owner.token)).body.key as string;
  const health = (token?: string) => gw.api.get(`/api/v1/projects/${project.id}/groups/health`, token);
  const ingest = (n: number) =>
    gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: Array.from({ length: n }, (_, i) => ({ message: `Sağlık mesajı ${i}` })) });
  return { projectId: project.id as string, owner: owner.token, viewer: viewer.token, stranger: stranger.token, health, ingest };
}

describe('ingest health', () => {
  it('distributed: reports waiting batches and no worker as down, then ok once a worker drains them', async () => {
    const gw = await startTestGateway();
    const { owner, viewer, stranger, health, ingest } = await setup(gw);
    expect((await ingest(10)).status).toBe(202);
    await new Promise((r) => setTimeout(r, 1200)); // older than the 1 s lag bound

    const down = await health(viewer);
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ mode: 'distributed', status: 'down', workers: 0, queue: { waiting: 1, active: 0, delayed: 0, failed: 0 } });
    expect(down.body.queue.oldest_waiting_ms).toBeGreaterThanOrEqual(1000);
    expect(down.body.problems).toContain('Kuyruğu işleyen çalışan (worker) yok; loglar kaydedilmiyor.');

    const worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: gw.databaseUrl!, REDIS_URL: inject('redisUrl'), SEYIR_REDIS_PREFIX: gw.deps.redisPrefix, LOG_LEVEL: 'silent' }),
      pino({ level: 'silent' }),
    );
    closers.push(() => worker.close());
    await waitFor('the worker to drain the queue', async () => (await health(owner)).body.status === 'ok');
    const ok = (await health(owner)).body;
    expect(ok).toMatchObject({ status: 'ok', problems: [], workers: 1, queue: { waiting: 0, oldest_waiting_ms: null, failed: 0 } });
    expect(new Date(ok.checked_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await health(stranger)).status).toBe(404);
    expect((await health()).status).toBe(401);
  });

  it('distributed: says the queue is down, not 500, when Redis does not answer', async () => {
    const { startRedis } = await import('@seyir/testkit');
    const redis = await startRedis();
    closers.push(() => redis.destroy());
    const gw = await startTestGateway({ env: { REDIS_URL: redis.url } });
    const { viewer, health } = await setup(gw);
    await redis.stop('kill');
    const { status, body } = await health(viewer);
    expect(status).toBe(200);
    expect(body).toMatchObject({ mode: 'distributed', status: 'down', queue: null, workers: null, problems: ['Log kuyruğuna ulaşılamıyor (Redis yanıt vermiyor).'] });
  });

  it('embedded: the gateway is the one worker, and its timer deletes logs past retention', async () => {
    const gw = await startTestGateway({ database: 'pglite', env: { SEYIR_RETENTION_EVERY_MS: '1000' } });
    const { projectId, viewer, stranger, health, ingest } = await setup(gw);
    expect((await ingest(5)).status).toBe(202);
    const { body } = await health(viewer);
    expect(body).toMatchObject({ mode: 'embedded', status: 'ok', workers: 1, queue: { waiting: 0, active: 0, delayed: 0, failed: 0, oldest_waiting_ms: null } });
    expect((await health(stranger)).status).toBe(404);

    // A free project keeps 7 days: a 10-day-old log goes at the next tick, the fresh ones stay.
    const old = await logSeeder(gw)(projectId, [{ message: 'On gün önceki hata', level: 'ERROR', at: Date.now() - 10 * 86_400_000 }]);
    const count = async (where: string) =>
      (await gw.deps.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE project_id = $1 AND ${where}`, [projectId])).rows[0]!.n;
    expect(await count(`id = '${old.ids[0]}'`)).toBe(1);
    await waitFor('the retention timer to delete the old log', async () => (await count(`id = '${old.ids[0]}'`)) === 0, 60_000, 250);
    expect(await count('true')).toBe(5);
    const groups = (await gw.api.get(`/api/v1/projects/${projectId}/groups?days=30`, viewer)).body;
    expect(groups.items.map((g: { sample_message: string }) => g.sample_message)).not.toContain('On gün önceki hata');
  });
});

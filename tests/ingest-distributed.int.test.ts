import { startRedis } from '@seyir/testkit';
import { loadWorkerConfig, startWorker, type RunningWorker } from '@seyir/ingest-worker';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkIngestKeyLimit } from '../apps/gateway/src/test/ingest-key-limit.js';
import { startTestGateway, type TestGateway } from '../apps/gateway/src/test/test-gateway.js';

/** Distributed mode: gateway → BullMQ (Redis) → worker → PostgreSQL, as separate parts. */
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  // A part whose Redis was killed may wait for it on close: bound every close.
  for (const close of closers.reverse()) await Promise.race([close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
});

async function setup(env: Record<string, string> = {}) {
  const gw = await startTestGateway({ env });
  closers.push(() => gw.close());
  const { token } = await gw.api.signUp(`d${Math.random().toString(36).slice(2, 8)}`);
  const project = await gw.api.createProject(token, 'Dağıtık', ['production']);
  const key = (await gw.api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Dağıtık anahtar' }, token)).body.key as string;
  return { gw, token, projectId: project.id as string, key };
}

function workerFor(gw: TestGateway, env: Record<string, string> = {}): Promise<RunningWorker> {
  return startWorker(
    loadWorkerConfig({
      DATABASE_URL: gw.databaseUrl!,
      REDIS_URL: inject('redisUrl'),
      SEYIR_REDIS_PREFIX: (gw.deps.redisPrefix),
      LOG_LEVEL: 'silent',
      ...env,
    }),
    pino({ level: 'silent' }),
  );
}

async function waitForCount(gw: TestGateway, projectId: string, expected: number, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let n = -1;
  while (Date.now() < deadline) {
    const { rows } = await gw.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [projectId]);
    n = rows[0]!.n;
    if (n >= expected) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
  return n;
}

const batch = (n: number, prefix = 'Kuyruk') => Array.from({ length: n }, (_, i) => ({ message: `${prefix} mesajı ${i}`, level: i % 5 === 0 ? 'ERROR' : 'INFO' }));

describe('distributed ingest', () => {
  it('acknowledges once queued, and a worker stores every log once with its group counts', async () => {
    const { gw, projectId, key } = await setup();
    const worker = await workerFor(gw);
    closers.push(() => worker.close());
    for (let i = 0; i < 5; i++) {
      const response = await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: batch(100) });
      expect(response.status).toBe(202);
    }
    expect(await waitForCount(gw, projectId, 500)).toBe(500);
    const { rows } = await gw.deps.database.sql.query<{ total: number }>('SELECT sum(count)::int AS total FROM log_groups WHERE project_id = $1', [projectId]);
    expect(rows[0]!.total).toBe(500);
    const health = await gw.deps.ingest.health();
    expect(health).toMatchObject({ mode: 'distributed', failed: 0 });
    expect(health.workers).toBeGreaterThanOrEqual(1);
  });

  it('puts concurrent requests of a project into few jobs, each answered only once queued', async () => {
    // A wide window: on a busy machine ten concurrent requests can arrive more than 20 ms apart.
    // While the workers keep up (nothing waits yet) the window is a quarter of this: 250 ms.
    const { gw, projectId, key } = await setup({ SEYIR_INGEST_COALESCE_MS: '1000' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: batch(100, `Toplu${i}`) })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(202));
    const health = await gw.deps.ingest.health();
    expect(health.waiting).toBeGreaterThanOrEqual(1);
    expect(health.waiting).toBeLessThanOrEqual(3); // 1,000 logs: one or two full jobs, not ten
    const worker = await workerFor(gw);
    closers.push(() => worker.close());
    expect(await waitForCount(gw, projectId, 1000)).toBe(1000);
  });

  it('answers 503 with Retry-After when workers fall behind, instead of growing the queue', async () => {
    const { gw, projectId, key } = await setup({ SEYIR_INGEST_MAX_WAITING: '3', SEYIR_INGEST_MAX_HOLD_MS: '300' });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i++) {
      const response = await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: batch(10, `Yığılma${i}`) });
      statuses.push(response.status);
      if (response.status === 503) {
        retryAfter = response.headers.get('retry-after');
        expect(response.body.detail).toBe('Sunucu şu anda yoğun; lütfen Retry-After süresi sonra tekrar deneyin.');
      }
      await new Promise((r) => setTimeout(r, 120)); // past the depth cache
    }
    expect(statuses.slice(0, 3)).toEqual([202, 202, 202]);
    expect(statuses.slice(3)).toEqual([503, 503, 503]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // A worker drains the accepted batches: nothing accepted is lost.
    const worker = await workerFor(gw);
    closers.push(() => worker.close());
    expect(await waitForCount(gw, projectId, 30)).toBe(30);
  });

  it('holds a request while the queue is full and admits it once a worker catches up, instead of a 503', async () => {
    const { gw, projectId, key } = await setup({ SEYIR_INGEST_MAX_WAITING: '2', SEYIR_INGEST_MAX_HOLD_MS: '8000', SEYIR_INGEST_COALESCE_MS: '0' });
    const post = (i: number) => gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: batch(10, `Bekleme${i}`) });
    for (let i = 0; i < 2; i++) {
      expect((await post(i)).status).toBe(202);
      await new Promise((r) => setTimeout(r, 120)); // past the depth cache
    }
    let settled = false;
    const held = post(2).then((response) => {
      settled = true;
      return response;
    });
    await new Promise((r) => setTimeout(r, 600));
    expect(settled).toBe(false); // no worker: it waits rather than growing the queue
    const worker = await workerFor(gw);
    closers.push(() => worker.close());
    const answer = await held;
    expect(answer.status).toBe(202);
    expect(await waitForCount(gw, projectId, 30)).toBe(30);
  });

  it("counts a key's requests in Redis: two gateways together let through one limit, then 429 with Retry-After", async () => {
    const { gw, key } = await setup({ SEYIR_INGEST_KEY_RPS: '6' });
    const second = await startTestGateway({ env: { DATABASE_URL: gw.databaseUrl!, SEYIR_REDIS_PREFIX: gw.deps.redisPrefix, SEYIR_INGEST_KEY_RPS: '6' } });
    closers.push(() => second.close());
    await checkIngestKeyLimit([gw.api, second.api], key, 6);
  });

  it('answers 503 (never a lost 202) while Redis is down, and recovers by itself', async () => {
    const redis = await startRedis();
    closers.push(() => redis.destroy());
    const { gw, projectId, key } = await setup({ REDIS_URL: redis.url });
    const worker = await workerFor(gw, { REDIS_URL: redis.url });
    closers.push(() => worker.close());
    const post = () => gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: batch(10, 'Kesinti') });
    expect((await post()).status).toBe(202);
    await redis.stop('kill');
    await new Promise((r) => setTimeout(r, 300));
    const down = await post();
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBeTruthy();
    await redis.start();
    let status = 0;
    for (let i = 0; i < 50 && status !== 202; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await post()).status;
    }
    expect(status).toBe(202);
    // Redis ran with AOF (everysec): the batch acknowledged before the kill may be lost only if
    // the kill came within that second; we waited 300 ms, so require the later one at least.
    expect(await waitForCount(gw, projectId, 10)).toBeGreaterThanOrEqual(10);
  });
});

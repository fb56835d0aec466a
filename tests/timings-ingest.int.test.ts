import { loadWorkerConfig, startWorker } from '@seyir/ingest-worker';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../apps/gateway/src/test/test-gateway.js';

/** POST /api/ingest/timings end to end: embedded (PGlite, inline) and distributed (queue + worker). */
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await Promise.race([close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
});

async function setup(gw: TestGateway) {
  const { token } = await gw.api.signUp(`p${Math.random().toString(36).slice(2, 8)}`);
  const project = await gw.api.createProject(token, 'Performans', ['production']);
  const key = (await gw.api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Zamanlama' }, token)).body.key as string;
  return { token, projectId: project.id as string, key };
}

const records = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    route: i % 2 ? '/orders/{id}' : '/products',
    method: 'get',
    status: i % 10 === 0 ? 502 : 200,
    duration_ms: 5 + (i % 50),
    timestamp: new Date(Date.now() - 30_000).toISOString(),
    environment: 'production',
    request_id: `req-${i}`,
    host: 'web-1',
    release: '2.0.0',
  }));

async function waitForRoutes(gw: TestGateway, token: string, projectId: string, requests: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let body: { items: { route: string; requests: number; errors: number }[] } = { items: [] };
  while (Date.now() < deadline) {
    body = (await gw.api.get(`/api/v1/projects/${projectId}/performance/routes`, token)).body;
    if (body.items.reduce((n, r) => n + r.requests, 0) >= requests) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return body;
}

describe('timing ingest', () => {
  it('embedded: stores the good records at once, reports the bad ones by index in Turkish', async () => {
    const gw = await startTestGateway({ database: 'pglite' });
    closers.push(() => gw.close());
    const { token, projectId, key } = await setup(gw);
    const response = await gw.api.request('POST', '/api/ingest/timings', {
      headers: { 'x-seyir-key': key },
      json: [...records(20), { route: '/x', method: 'GET', status: 200 }, { route: '/x', method: 'GET', status: 200, duration_ms: 1, timestamp: '2020-01-01T00:00:00Z' }],
    });
    expect(response.status).toBe(202);
    expect(response.body.accepted).toBe(20);
    expect(response.body.rejected).toEqual([
      { index: 20, detail: 'duration_ms alanı 0 ile 3600000 arasında bir sayı olmalıdır.' },
      { index: 21, detail: 'Zamanlama kayıtları en fazla 1 saat geriye dönük gönderilebilir.' },
    ]);
    const list = await gw.api.get(`/api/v1/projects/${projectId}/performance/routes`, token);
    expect(list.body.items.map((r: { method: string; route: string; requests: number }) => [r.method, r.route, r.requests])).toEqual([
      ['GET', '/orders/{id}', 10],
      ['GET', '/products', 10],
    ]);
    const notArray = await gw.api.request('POST', '/api/ingest/timings', { headers: { 'x-seyir-key': key }, json: { route: '/x' } });
    expect(notArray.status).toBe(422);
    expect(notArray.body.detail).toBe('Zamanlama kayıtları bir JSON dizisi olarak gönderilmelidir.');
    const tooMany = await gw.api.request('POST', '/api/ingest/timings', { headers: { 'x-seyir-key': key }, json: records(1001) });
    expect(tooMany.status).toBe(413);
    expect((await gw.api.request('POST', '/api/ingest/timings', { json: records(1) })).status).toBe(401);
  });

  it('distributed: a timings job on its own queue, added once by the worker', async () => {
    const gw = await startTestGateway();
    closers.push(() => gw.close());
    const { token, projectId, key } = await setup(gw);
    const worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: gw.databaseUrl!, REDIS_URL: inject('redisUrl'), SEYIR_REDIS_PREFIX: gw.deps.redisPrefix, LOG_LEVEL: 'silent' }),
      pino({ level: 'silent' }),
    );
    closers.push(() => worker.close());
    for (let i = 0; i < 5; i++) {
      const response = await gw.api.request('POST', '/api/ingest/timings', { headers: { 'x-seyir-key': key }, json: records(200) });
      expect(response.status).toBe(202);
    }
    const body = await waitForRoutes(gw, token, projectId, 1000);
    expect(body.items.map((r) => [r.route, r.requests, r.errors])).toEqual([
      ['/orders/{id}', 500, 0],
      ['/products', 500, 100],
    ]);
    // No log was written for timing records (they do not count against the log quota).
    const { rows } = await gw.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [projectId]);
    expect(rows[0]!.n).toBe(0);
  });
});

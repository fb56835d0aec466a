import { randomUUID } from 'node:crypto';
import { addPerfRollups, ensurePerfRoutes, perfRouteKey } from '@seyir/db';
import { exactPercentile, HISTOGRAM_RELATIVE_ERROR, type JobTiming } from '@seyir/domain';
import { processTimings, timingRollups } from '@seyir/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

/** The performance API on real PostgreSQL, over rollups written by the pipeline's own code. */
let gw: TestGateway;
let alice: string;
let bob: string;
let viewer: string;
let projectId: string;
let otherProjectId: string;
const NOW = Date.now();

/** Deterministic PRNG (mulberry32). */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const timing = (over: Partial<JobTiming>): JobTiming => ({
  route: '/orders/{id}',
  method: 'GET',
  status: 200,
  durationMs: 10,
  timestampMs: NOW - 60_000,
  environment: 'production',
  release: '1.0.0',
  host: 'web-1',
  requestId: null,
  request: null,
  response: null,
  ...over,
});

beforeAll(async () => {
  gw = await startTestGateway();
  await gw.api.signUp('isletmeci'); // the first account is the global admin: keep it out of the tenant checks
  ({ token: alice } = await gw.api.signUp('alice'));
  ({ token: bob } = await gw.api.signUp('bob'));
  const seenOnly = await gw.api.signUp('izleyici');
  viewer = seenOnly.token;
  projectId = (await gw.api.createProject(alice, 'Mağaza', ['production', 'staging'])).id;
  otherProjectId = (await gw.api.createProject(bob, 'Gizli')).id;
  await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: seenOnly.user.id, role: 'viewer' }, alice);
});
afterAll(() => gw?.close());

describe('performance API', () => {
  it('lists routes with throughput, error rate and percentiles, and keeps the slowest requests with a link to their logs', async () => {
    const deps = { database: gw.deps.database };
    const records: JobTiming[] = [];
    for (let i = 1; i <= 100; i++) records.push(timing({ durationMs: i, status: i > 98 ? 503 : 200, requestId: `r${i}` }));
    records.push(timing({ route: '/health', durationMs: 1 }));
    records.push(
      timing({
        route: '/orders/{id}',
        method: 'POST',
        status: 500,
        durationMs: 1500,
        requestId: 'yavas-1',
        request: { url: 'https://shop.example/orders/7', method: 'POST' },
        response: { status_code: 500 },
      }),
    );
    const job = { batchId: randomUUID(), projectId, receivedAtMs: NOW, timings: records };
    expect(await processTimings(deps, job)).toMatchObject({ added: 102 });
    // A retried job adds nothing twice.
    expect(await processTimings(deps, job)).toMatchObject({ added: 0 });
    // Another project's data never shows up here.
    await processTimings(deps, { batchId: randomUUID(), projectId: otherProjectId, receivedAtMs: NOW, timings: [timing({ route: '/gizli' })] });

    const list = await gw.api.get(`/api/v1/projects/${projectId}/performance/routes?days=1`, viewer);
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { method: string; route: string }) => `${r.method} ${r.route}`)).toEqual(['GET /orders/{id}', 'GET /health', 'POST /orders/{id}']);
    const orders = list.body.items[0];
    expect(orders).toMatchObject({ requests: 100, errors: 2, error_rate: 0.02 });
    for (const [field, exact] of [['p50_ms', 50], ['p95_ms', 95], ['p99_ms', 99]] as const) {
      expect(Math.abs(orders[field] - exact) / exact).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR);
    }
    expect(orders.trend).toEqual({ throughput_change: 100, p95_change: null, error_rate_change: 100 });

    const bySlowness = await gw.api.get(`/api/v1/projects/${projectId}/performance/routes?sort=p95`, alice);
    expect(bySlowness.body.items[0].method).toBe('POST');

    const detail = await gw.api.get(`/api/v1/projects/${projectId}/performance/routes/${list.body.items[2].id}`, alice);
    expect(detail.status).toBe(200);
    expect(detail.body.figures).toMatchObject({ requests: 1, errors: 1 });
    expect(detail.body.series).toHaveLength(24);
    expect(detail.body.series.reduce((n: number, p: { requests: number }) => n + p.requests, 0)).toBe(1);
    expect(detail.body.slowest[0]).toMatchObject({
      kind: 'error',
      status: 500,
      duration_ms: 1500,
      request_id: 'yavas-1',
      request: { url: 'https://shop.example/orders/7', method: 'POST' },
    });
    expect(detail.body.slowest[0].logs_url).toBe(`/projects/${projectId}/logs?q=${encodeURIComponent('context.request_id:"yavas-1"')}`);

    const ordersDetail = await gw.api.get(`/api/v1/projects/${projectId}/performance/routes/${orders.id}`, alice);
    expect(ordersDetail.body.slowest).toEqual([expect.objectContaining({ kind: 'slowest', duration_ms: 100, request_id: 'r100', request: null })]);

    const summary = await gw.api.get(`/api/v1/projects/${projectId}/performance/summary?apdex_t=50`, viewer);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ requests: 102, errors: 3, routes: 3, apdex_t_ms: 50 });
    expect(summary.body.apdex).toBeGreaterThan(0.4);
    expect(summary.body.apdex).toBeLessThan(0.8);

    const staging = await gw.api.get(`/api/v1/projects/${projectId}/performance/routes?environment=staging`, alice);
    expect(staging.body.items).toEqual([]);
  });

  it('answers 404 to non-members and for routes of other projects, and Turkish 422s for bad filters', async () => {
    for (const path of ['summary', 'routes', 'routes/1']) {
      const res = await gw.api.get(`/api/v1/projects/${projectId}/performance/${path}`, bob);
      expect(res.status).toBe(404);
    }
    const theirs = await gw.api.get(`/api/v1/projects/${otherProjectId}/performance/routes`, bob);
    const theirRoute = theirs.body.items[0].id;
    expect((await gw.api.get(`/api/v1/projects/${projectId}/performance/routes/${theirRoute}`, alice)).status).toBe(404);
    expect((await gw.api.get(`/api/v1/projects/${projectId}/performance/routes/abc`, alice)).status).toBe(404);
    const bad = await gw.api.get(`/api/v1/projects/${projectId}/performance/routes?days=500&sort=x`, alice);
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/days|sort/);
    expect((await gw.api.get(`/api/v1/projects/${projectId}/performance/summary`)).status).toBe(401);
  });

  it('gives percentiles within the documented 1 % of the exact ones over 1,000,000 seeded requests', async () => {
    const project = (await gw.api.createProject(alice, 'Milyon', ['production'])).id;
    const random = prng(42);
    const ROUTES = 8;
    const N = 1_000_000;
    // Known distribution: per route a log-normal (median 20·(r+1) ms, σ 0.6) with 3 % of
    // requests in a slow mode 10× the median; spread evenly over the last 46 hours (in time
    // order, so each chunk writes its own minute rows). `days=2` covers 48 hours ending with the
    // current one: 46 leaves an hour's slack, so an hour turning between NOW and the queries
    // cannot drop the oldest hour's requests from the window.
    const raw = Array.from({ length: ROUTES }, () => [] as number[]);
    const routes = await ensurePerfRoutes(
      gw.deps.database.sql,
      project,
      Array.from({ length: ROUTES }, (_, r) => ({ method: 'GET', route: `/r/${r}/{id}` })),
      { maxRoutes: 100, overflowRoute: '(diğer)' },
    );
    const chunk: JobTiming[] = [];
    const flush = async () => {
      await addPerfRollups(gw.deps.database.sql, project, timingRollups(chunk, (t) => routes.get(perfRouteKey(t.method, t.route))!));
      chunk.length = 0;
    };
    for (let i = 0; i < N; i++) {
      const r = i % ROUTES;
      const u = Math.max(1e-12, random());
      const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
      const median = 20 * (r + 1) * (random() < 0.03 ? 10 : 1);
      const durationMs = Math.exp(Math.log(median) + 0.6 * normal);
      raw[r]!.push(durationMs);
      chunk.push(timing({ route: `/r/${r}/{id}`, durationMs, status: i % 50 === 0 ? 500 : 200, timestampMs: NOW - 60_000 - Math.floor(((N - i) / N) * 46 * 3_600_000) }));
      if (chunk.length === 100_000) await flush();
    }
    await flush();

    const list = await gw.api.get(`/api/v1/projects/${project}/performance/routes?days=2&sort=route`, alice);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(ROUTES);
    let worst = 0;
    for (const item of list.body.items as { route: string; requests: number; p50_ms: number; p95_ms: number; p99_ms: number }[]) {
      const r = Number(item.route.split('/')[2]);
      const sorted = Float64Array.from(raw[r]!).sort();
      expect(item.requests).toBe(sorted.length);
      for (const [q, value] of [[0.5, item.p50_ms], [0.95, item.p95_ms], [0.99, item.p99_ms]] as const) {
        const exact = exactPercentile(sorted, q);
        worst = Math.max(worst, Math.abs(value - exact) / exact);
      }
    }
    // 1 % by the bucket layout, plus the API's rounding to 0.01 ms.
    expect(worst).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR + 0.0005);

    const all = Float64Array.from(raw.flat()).sort();
    const summary = await gw.api.get(`/api/v1/projects/${project}/performance/summary?days=2`, alice);
    expect(summary.body.requests).toBe(N);
    expect(summary.body.errors).toBe(N / 50);
    const exactP95 = exactPercentile(all, 0.95);
    expect(Math.abs(summary.body.p95_ms - exactP95) / exactP95).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR + 0.0005);

    // The same figures from the route detail (hourly rows, merged in the service).
    const first = list.body.items[0];
    const detail = await gw.api.get(`/api/v1/projects/${project}/performance/routes/${first.id}?days=2`, alice);
    expect(detail.body.figures.p99_ms).toBe(first.p99_ms);
  }, 240_000);
});

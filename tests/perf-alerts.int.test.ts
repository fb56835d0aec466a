import { loadWorkerConfig, startWorker } from '@seyir/ingest-worker';
import { startHttpTestReceiver, startSmtpTestServer, type HttpTestReceiver, type SmtpTestServer } from '@seyir/testkit';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../apps/gateway/src/test/test-gateway.js';

/**
 * latency and error_rate alert rules end to end on the distributed topology: timing records
 * over HTTP → `timings` queue → worker (rollups, then an `alerts` job) → alert worker →
 * a real SMTP server and a real HTTP receiver. Real PostgreSQL and Redis.
 */
const MINUTE = 60_000;
let gw: TestGateway;
let smtp: SmtpTestServer;
let receiver: HttpTestReceiver;
let closeWorker: () => Promise<void>;
let alice: string;
let bob: string;

const alertEnv = { SMTP_URL: '', SMTP_FROM: 'Seyir <uyari@seyir.test>', SEYIR_ALERT_ALLOW_PRIVATE_URLS: 'true', SEYIR_ALERT_SWEEP_MS: '200', SEYIR_ALERT_TIMEOUT_MS: '2000' };

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  receiver = await startHttpTestReceiver();
  const env = { ...alertEnv, SMTP_URL: smtp.url };
  gw = await startTestGateway({ env });
  const worker = await startWorker(
    loadWorkerConfig({ DATABASE_URL: gw.databaseUrl!, REDIS_URL: inject('redisUrl'), SEYIR_REDIS_PREFIX: gw.deps.redisPrefix, LOG_LEVEL: 'silent', ...env }),
    pino({ level: 'silent' }),
  );
  closeWorker = () => worker.close();
  ({ token: alice } = await gw.api.signUp('perfalice'));
  ({ token: bob } = await gw.api.signUp('perfbob'));
}, 120_000);
afterAll(async () => {
  await closeWorker?.();
  await gw?.close();
  await receiver?.close();
  await smtp?.close();
});

async function projectWithKey(token: string, name: string, g = gw) {
  const project = await g.api.createProject(token, name, ['production']);
  const key = (await g.api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Zamanlama' }, token)).body.key as string;
  return { projectId: project.id as string, key };
}

/**
 * `perMinute` records a minute of one route over the last five minutes, this one included
 * (so three whole minutes stay covered even if the clock turns a minute while the test runs):
 * a share `slowShare` lasts `slowMs`, the rest `fastMs`; a share `errorShare` answers 503.
 */
function traffic(route: string, o: { perMinute: number; fastMs: number; slowMs?: number; slowShare?: number; errorShare?: number }) {
  const now = Date.now();
  const out: Record<string, unknown>[] = [];
  for (let m = 4; m >= 0; m--) {
    const minuteStart = Math.floor((now - m * MINUTE) / MINUTE) * MINUTE;
    for (let i = 0; i < o.perMinute; i++) {
      const slow = i < Math.round(o.perMinute * (o.slowShare ?? 0));
      const failed = i >= o.perMinute - Math.round(o.perMinute * (o.errorShare ?? 0));
      out.push({
        route,
        method: 'GET',
        status: failed ? 503 : 200,
        duration_ms: slow ? o.slowMs : o.fastMs,
        timestamp: new Date(Math.min(now, minuteStart + 1_000 + i * 100)).toISOString(),
        request_id: `r${route.slice(1)}-${m}-${i}`,
      });
    }
  }
  return out;
}

async function send(key: string, records: unknown[], g = gw) {
  for (let i = 0; i < records.length; i += 1000) {
    const response = await g.api.request('POST', '/api/ingest/timings', { headers: { 'x-seyir-key': key }, json: records.slice(i, i + 1000) });
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(202);
  }
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

async function routeIds(token: string, projectId: string, expected: number, g = gw): Promise<Map<string, string>> {
  const body = await until(
    async () => (await g.api.get(`/api/v1/projects/${projectId}/performance/routes?days=1`, token)).body as { items: { id: string; route: string }[] },
    (b) => b.items?.length >= expected,
  );
  return new Map(body.items.map((r) => [r.route, r.id]));
}

const deliveries = async (ruleId: string) =>
  (await gw.deps.database.sql.query<{ kind: string; channel_type: string }>('SELECT kind, channel_type FROM alert_deliveries WHERE rule_id = $1', [ruleId])).rows;
const held = async (ruleId: string) =>
  Number((await gw.deps.database.sql.query<{ n: string }>('SELECT coalesce(sum(held_count), 0) AS n FROM alert_states WHERE rule_id = $1', [ruleId])).rows[0]!.n);

describe('latency and error_rate alerts', () => {
  it('fire once when a route is over the limit for M minutes, never for routes under it, nor for another tenant', async () => {
    const mine = await projectWithKey(alice, 'Mağaza');
    const theirs = await projectWithKey(bob, 'Başkası');
    // Routes are created by the first records (ten minutes old: outside every rule's window); rules name them by id.
    const early = new Date(Date.now() - 10 * MINUTE).toISOString();
    await send(mine.key, ['/yavas', '/hizli', '/hatali', '/saglam'].map((route) => ({ route, method: 'GET', status: 200, duration_ms: 1, timestamp: early })));
    await send(theirs.key, [{ route: '/yavas', method: 'GET', status: 200, duration_ms: 1, timestamp: early }]);
    const ids = await routeIds(alice, mine.projectId, 4);
    const theirIds = await routeIds(bob, theirs.projectId, 1);

    const rule = async (name: string, type: 'latency' | 'error_rate', conditions: Record<string, unknown>, projectId = mine.projectId, token = alice) => {
      const res = await gw.api.post(
        `/api/v1/projects/${projectId}/alerts`,
        { name, type, conditions, cooldown_minutes: 30, channels: [{ type: 'email', to: ['nobetci@example.com'] }, { type: 'webhook', url: `${receiver.url}/${type}` }] },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const slowRule = await rule('Yavaş rota', 'latency', { route_id: ids.get('/yavas'), p95_ms: 300, minutes: 3, min_requests: 10 });
    const fastRule = await rule('Hızlı rota', 'latency', { route_id: ids.get('/hizli'), p95_ms: 300, minutes: 3, min_requests: 10 });
    const failingRule = await rule('Hatalı rota', 'error_rate', { route_id: ids.get('/hatali'), percent: 10, minutes: 3 });
    const healthyRule = await rule('Sağlam rota', 'error_rate', { route_id: ids.get('/saglam'), percent: 10, minutes: 3 });
    // All of this project's requests: p95 ≈ 40 ms (3 % at 900 ms); the other tenant's are all 5 s.
    const wholeProject = await rule('Tüm istekler', 'latency', { route_id: null, p95_ms: 500, minutes: 3 });
    // A rule cannot name another project's route.
    const foreign = await gw.api.post(
      `/api/v1/projects/${mine.projectId}/alerts`,
      { name: 'Yabancı', type: 'latency', conditions: { route_id: theirIds.get('/yavas'), p95_ms: 300, minutes: 3 }, channels: [{ type: 'email', to: ['a@example.com'] }] },
      alice,
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail).toBe('Seçilen rota bu projede bulunamadı.');
    const bad = await gw.api.post(`/api/v1/projects/${mine.projectId}/alerts`, { name: 'X', type: 'error_rate', conditions: { percent: 150, minutes: 3 }, channels: [{ type: 'email', to: ['a@example.com'] }] }, alice);
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('Hata oranı eşiği %0,01 ile %99,99 arasında olmalıdır.');
    // The OpenAPI document describes both rule types' conditions.
    const spec = JSON.stringify((await gw.api.get('/api/openapi.json')).body);
    for (const word of ['"error_rate"', '"p95_ms"', '"percent"', '"min_requests"', '"route_id"']) expect(spec).toContain(word);
    // Bob cannot add rules to Alice's project (404, as for every project path of a non-member).
    expect((await gw.api.post(`/api/v1/projects/${mine.projectId}/alerts`, { name: 'X', type: 'latency', conditions: { p95_ms: 1, minutes: 1 }, channels: [{ type: 'email', to: ['a@example.com'] }] }, bob)).status).toBe(404);

    await send(mine.key, [
      // p95 ≈ 900 ms every minute (10 % at 900 ms): over 300.
      ...traffic('/yavas', { perMinute: 20, fastMs: 40, slowMs: 900, slowShare: 0.1 }),
      // 3 % slow: p95 is 40 ms, under the limit, though some requests are slower than it.
      ...traffic('/hizli', { perMinute: 40, fastMs: 40, slowMs: 900, slowShare: 0.025 }),
      // 25 % of 5xx: over 10 %.
      ...traffic('/hatali', { perMinute: 20, fastMs: 20, errorShare: 0.25 }),
      // 5 % of 5xx: under 10 %.
      ...traffic('/saglam', { perMinute: 20, fastMs: 20, errorShare: 0.05 }),
    ]);
    await send(theirs.key, traffic('/yavas', { perMinute: 20, fastMs: 5000 }));

    const latencyMail = await smtp.waitFor((m) => m.subject.includes('Yavaşlık'), 30_000);
    expect(latencyMail.subject).toBe('[Seyir] Yavaşlık: GET /yavas p95 3 dakikadır 300 ms üzerinde');
    expect(latencyMail.to).toEqual(['nobetci@example.com']);
    for (const text of ['Rota: GET /yavas', 'Koşul: 3 dakika boyunca her dakika p95 > 300 ms', `/projects/${mine.projectId}/performance/routes/${ids.get('/yavas')}`]) {
      expect(latencyMail.decoded, text).toContain(text);
    }
    const errorMail = await smtp.waitFor((m) => m.subject.includes('Hata oranı'), 30_000);
    expect(errorMail.subject).toBe('[Seyir] Hata oranı: GET /hatali 5xx oranı 3 dakikadır %10 üzerinde');
    expect(errorMail.decoded).toContain('Görülen: dakikalık 5xx oranı %25 – %25');
    const [hook] = await receiver.waitFor(1, 30_000, '/latency');
    const payload = JSON.parse(hook!.body);
    expect(payload.rule).toMatchObject({ id: slowRule, type: 'latency' });
    expect(payload.performance).toMatchObject({ kind: 'latency', route: 'GET /yavas', minutes: 3, limit: 300, held: null });
    expect(payload.performance.observedMin).toBeGreaterThan(880);
    expect(payload.performance.observedMax).toBeLessThan(920);

    // More of the same while the cool-down runs: held for the digest, not sent again.
    await send(mine.key, [...traffic('/yavas', { perMinute: 20, fastMs: 40, slowMs: 900, slowShare: 0.1 }), ...traffic('/hatali', { perMinute: 20, fastMs: 20, errorShare: 0.25 })]);
    expect(await until(() => held(slowRule), (n) => n > 0)).toBe(10); // 2 slow requests a minute × 5 minutes
    expect(await until(() => held(failingRule), (n) => n > 0)).toBe(25);

    for (const ruleId of [slowRule, failingRule]) {
      expect((await deliveries(ruleId)).map((d) => `${d.kind}/${d.channel_type}`).sort()).toEqual(['alert/email', 'alert/webhook']);
    }
    for (const ruleId of [fastRule, healthyRule, wholeProject]) expect(await deliveries(ruleId)).toEqual([]);
    expect(smtp.messages.filter((m) => m.subject.includes('Yavaşlık') || m.subject.includes('Hata oranı'))).toHaveLength(2);
    expect(receiver.requests.filter((r) => r.path === '/latency' || r.path === '/error_rate')).toHaveLength(2);
  }, 120_000);
});

describe('in embedded mode', () => {
  it('evaluates latency rules in the gateway process after the timing batch is stored', async () => {
    const embedded = await startTestGateway({ database: 'pglite', env: { ...alertEnv, SMTP_URL: smtp.url } });
    try {
      const { token } = await embedded.api.signUp('gomulu');
      const { projectId, key } = await projectWithKey(token, 'Gömülü', embedded);
      await send(key, [{ route: '/rapor', method: 'GET', status: 200, duration_ms: 1, timestamp: new Date(Date.now() - 10 * MINUTE).toISOString() }], embedded);
      const ids = await routeIds(token, projectId, 1, embedded);
      const created = await embedded.api.post(
        `/api/v1/projects/${projectId}/alerts`,
        { name: 'Rapor yavaş', type: 'latency', conditions: { route_id: ids.get('/rapor'), p95_ms: 1000, minutes: 2 }, channels: [{ type: 'email', to: ['gomulu@example.com'] }] },
        token,
      );
      expect(created.status).toBe(201);
      await send(key, traffic('/rapor', { perMinute: 10, fastMs: 2500 }), embedded);
      const mail = await smtp.waitFor((m) => m.subject.includes('GET /rapor'), 30_000);
      expect(mail.subject).toBe('[Seyir] Yavaşlık: GET /rapor p95 2 dakikadır 1000 ms üzerinde');
      expect(mail.to).toEqual(['gomulu@example.com']);
    } finally {
      await embedded.close();
    }
  }, 120_000);
});

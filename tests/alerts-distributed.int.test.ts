import { createHmac } from 'node:crypto';
import { loadWorkerConfig, startWorker } from '@seyir/ingest-worker';
import { startHttpTestReceiver, type HttpTestReceiver } from '@seyir/testkit';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../apps/gateway/src/test/test-gateway.js';

/** Distributed mode: the ingest worker queues evaluation on the BullMQ `alerts` queue and its alert worker delivers. */
const closers: (() => Promise<void>)[] = [];
let gw: TestGateway;
let receiver: HttpTestReceiver;
afterAll(async () => {
  for (const close of closers.reverse()) await Promise.race([close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
});

beforeAll(async () => {
  receiver = await startHttpTestReceiver();
  closers.push(() => receiver.close());
  gw = await startTestGateway({ env: { SEYIR_ALERT_ALLOW_PRIVATE_URLS: 'true' } });
  closers.push(() => gw.close());
  const worker = await startWorker(
    loadWorkerConfig({
      DATABASE_URL: gw.databaseUrl!,
      REDIS_URL: inject('redisUrl'),
      SEYIR_REDIS_PREFIX: gw.deps.redisPrefix,
      SEYIR_ALERT_ALLOW_PRIVATE_URLS: 'true',
      SEYIR_PUBLIC_URL: 'https://seyir.example.com',
      LOG_LEVEL: 'silent',
    }),
    pino({ level: 'silent' }),
  );
  closers.push(() => worker.close());
}, 120_000);

describe('alerts in distributed mode', () => {
  it('delivers a signed webhook when a threshold is crossed and a test alert queued by the gateway, and holds the rest of the burst', async () => {
    const { token } = await gw.api.signUp('dagitikuyari');
    const project = await gw.api.createProject(token, 'Dağıtık Uyarı', ['production']);
    const key = (await gw.api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Anahtar' }, token)).body.key as string;
    const created = await gw.api.post(
      `/api/v1/projects/${project.id}/alerts`,
      { name: 'Eşik', type: 'threshold', conditions: { count: 5, level: 'ERROR', minutes: 10 }, cooldown_minutes: 10, channels: [{ type: 'webhook', url: `${receiver.url}/d` }] },
      token,
    );
    expect(created.status).toBe(201);
    for (let b = 0; b < 5; b++) {
      const response = await gw.api.request('POST', '/api/ingest/batch', {
        headers: { 'x-seyir-key': key },
        json: Array.from({ length: 20 }, (_, i) => ({ message: `Dağıtık hata ${b}-${i}`, level: 'ERROR' })),
      });
      expect(response.status).toBe(202);
    }
    const [hook] = await receiver.waitFor(1, 30_000, '/d');
    const ts = hook!.headers['x-seyir-timestamp'] as string;
    expect(hook!.headers['x-seyir-signature']).toBe(`sha256=${createHmac('sha256', created.body.channels[0].secret).update(`${ts}.${hook!.body}`).digest('hex')}`);
    const body = JSON.parse(hook!.body);
    expect(body).toMatchObject({ kind: 'alert', threshold: { count: 5, level: 'ERROR', minutes: 10 } });
    expect(body.links.app).toMatch(/^https:\/\/seyir\.example\.com\/projects\//);

    const tested = await gw.api.post(`/api/v1/projects/${project.id}/alerts/${created.body.id}/test`, {}, token);
    expect(tested.status).toBe(202);
    const hooks = await receiver.waitFor(2, 30_000, '/d');
    expect(hooks.map((h) => JSON.parse(h.body).kind).sort()).toEqual(['alert', 'test']);

    // Every batch was evaluated; the later ones were held for the digest, not sent.
    const deadline = Date.now() + 20_000;
    let held = 0;
    while (Date.now() < deadline) {
      const { rows } = await gw.deps.database.sql.query<{ held: number }>(`SELECT held_count::int AS held FROM alert_states WHERE rule_id = $1`, [created.body.id]);
      held = rows[0]?.held ?? 0;
      if (held >= 60) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(held).toBeGreaterThanOrEqual(60);
    expect(receiver.requests.filter((r) => r.path === '/d')).toHaveLength(2);
    const deliveries = await gw.api.get(`/api/v1/projects/${project.id}/alerts/${created.body.id}/deliveries`, token);
    expect(deliveries.body.map((d: any) => d.status)).toEqual(['sent', 'sent']);
  });
});

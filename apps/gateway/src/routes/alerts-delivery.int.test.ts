import { createHmac } from 'node:crypto';
import { startHttpTestReceiver, startSmtpTestServer, type HttpTestReceiver, type SmtpTestServer } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessAlertQueue } from '@seyir/alerts';
import { createAlertDeliveries, getAlertDeliveryToSend } from '@seyir/db';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

/**
 * Alerts end to end in embedded mode: logs ingested over HTTP, rules evaluated by the
 * in-process queue, delivered to a real SMTP server and real HTTP receivers.
 */
let gw: TestGateway;
let smtp: SmtpTestServer;
let receiver: HttpTestReceiver;
let token: string;
let optedOutEmail: string;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  receiver = await startHttpTestReceiver((req) => (req.path === '/gone' ? 410 : req.path === '/hang' ? 'hang' : 200));
  gw = await startTestGateway({
    database: 'pglite',
    env: { SMTP_URL: smtp.url, SMTP_FROM: 'Seyir <uyari@seyir.test>', SEYIR_ALERT_ALLOW_PRIVATE_URLS: 'true', SEYIR_ALERT_SWEEP_MS: '200', SEYIR_ALERT_TIMEOUT_MS: '1000' },
  });
  ({ token } = await gw.api.signUp('uyarici'));
  const optedOut = await gw.api.signUp('sessizkisi');
  optedOutEmail = optedOut.user.email;
  await gw.api.put('/api/v1/auth/me/preferences', { emailNotifications: false, slackNotifications: false, slackWebhookUrl: '' }, optedOut.token);
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await receiver?.close();
  await smtp?.close();
});

async function projectWithKey(name: string): Promise<{ projectId: string; key: string }> {
  const project = await gw.api.createProject(token, name, ['production', 'staging']);
  const key = (await gw.api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Anahtar' }, token)).body.key as string;
  return { projectId: project.id, key };
}

async function ingest(key: string, logs: unknown[]): Promise<void> {
  const response = await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: logs });
  expect(response.status).toBe(202);
}

/** Waits until the in-process alert queue has nothing queued, running or waiting for a retry. */
const settled = () => (gw.deps.alerts.queue as unknown as { idle(): Promise<void> }).idle();

const bodyOf = (path: string) => receiver.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as any);

describe('alert delivery', () => {
  let projectId: string;
  let ruleId: string;
  let secret: string;

  it('e-mails, posts a signed webhook and a Slack message with the evidence when a new error group appears', async () => {
    const p = await projectWithKey('Kanıt');
    projectId = p.projectId;
    const created = await gw.api.post(
      `/api/v1/projects/${projectId}/alerts`,
      {
        name: 'Yeni hatalar',
        type: 'new_group',
        channels: [
          { type: 'email', to: ['ekip@example.com', optedOutEmail] },
          { type: 'webhook', url: `${receiver.url}/hook` },
          { type: 'slack', url: `${receiver.url}/slack` },
        ],
        conditions: { min_level: 'ERROR', environment: 'production' },
        cooldown_minutes: 30,
      },
      token,
    );
    expect(created.status).toBe(201);
    ruleId = created.body.id;
    secret = created.body.channels[1].secret;

    await ingest(p.key, [
      { message: 'Bilgi mesajı', level: 'INFO' },
      { message: 'Hazırlık ortamı hatası', level: 'ERROR', environment: 'staging' },
      {
        message: 'Ödeme alınamadı: kart reddedildi',
        level: 'ERROR',
        environment: 'production',
        exception: {
          type: 'PaymentDeclined',
          value: 'Kart reddedildi (kod 51)',
          traceback: 'Traceback (most recent call last):\n  File "/app/odeme.py", line 42, in tahsil_et\n    banka.cek(tutar)\nPaymentDeclined: Kart reddedildi (kod 51)',
        },
      },
    ]);

    const mail = await smtp.waitFor((m) => m.subject.includes('Ödeme alınamadı'), 20_000);
    expect(mail.to).toEqual(['ekip@example.com']); // the user who turned e-mail off is skipped
    expect(mail.from).toBe('uyari@seyir.test');
    expect(mail.subject).toBe('[Seyir] Yeni hata grubu: Ödeme alınamadı: kart reddedildi');
    for (const text of [
      'Proje: Kanıt',
      'Kural: Yeni hatalar',
      'Seviye: Hata (ERROR)',
      'Ortam: production',
      'Toplam: 1',
      'İlk görülme:',
      'Son görülme:',
      'İstisna: PaymentDeclined: Kart reddedildi (kod 51)',
      'File "/app/odeme.py", line 42, in tahsil_et',
      `/projects/${projectId}/groups/`,
      '1 saat sessize al: ',
      '<h3>Yığın izi (son satırlar)</h3>',
    ]) {
      expect(mail.decoded, text).toContain(text);
    }
    expect(mail.decoded).toContain('Content-Type: text/html');
    expect(mail.decoded).not.toContain('Hazırlık ortamı hatası'); // staging: not this rule's environment

    const [hook] = await receiver.waitFor(1, 20_000, '/hook');
    const ts = hook!.headers['x-seyir-timestamp'] as string;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(120);
    const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${hook!.body}`).digest('hex')}`;
    expect(hook!.headers['x-seyir-signature']).toBe(expected);
    expect(hook!.headers['x-seyir-event']).toBe('alert');
    const payload = JSON.parse(hook!.body);
    expect(payload).toMatchObject({
      event: 'seyir.alert',
      delivery_id: hook!.headers['x-seyir-delivery'],
      rule: { id: ruleId, name: 'Yeni hatalar', type: 'new_group' },
      project: { id: projectId, name: 'Kanıt' },
      group: { sampleMessage: 'Ödeme alınamadı: kart reddedildi', level: 'ERROR', environments: ['production'], count: 1, exception: { type: 'PaymentDeclined' } },
    });
    // A body changed in transit no longer matches the signature.
    expect(createHmac('sha256', secret).update(`${ts}.${hook!.body.replace('51', '52')}`).digest('hex')).not.toBe(expected.slice(7));

    const [slack] = await receiver.waitFor(1, 20_000, '/slack');
    const slackBody = JSON.parse(slack!.body);
    expect(slackBody.text).toBe('Yeni hata grubu: Ödeme alınamadı: kart reddedildi (Kanıt)');
    expect(JSON.stringify(slackBody.blocks)).toContain('PaymentDeclined');

    await settled();
    expect(bodyOf('/hook')).toHaveLength(1); // the staging error did not match
    const log = await gw.api.get(`/api/v1/projects/${projectId}/alerts/${ruleId}/deliveries`, token);
    expect(log.status).toBe(200);
    expect(log.body.map((d: any) => [d.kind, d.channel, d.status, d.attempts]).sort()).toEqual([
      ['alert', 'email', 'sent', 1],
      ['alert', 'slack', 'sent', 1],
      ['alert', 'webhook', 'sent', 1],
    ]);
    expect(log.body.find((d: any) => d.channel === 'webhook').target).toBe(new URL(receiver.url).host);
  });

  it('sends a sample on every channel from the Test button', async () => {
    const response = await gw.api.post(`/api/v1/projects/${projectId}/alerts/${ruleId}/test`, {}, token);
    expect(response.status).toBe(202);
    expect(response.body.deliveries).toBe(3);
    const mail = await smtp.waitFor((m) => m.subject.includes('Test uyarısı'), 20_000);
    expect(mail.subject).toBe('[Seyir] Test uyarısı: Yeni hatalar');
    expect(mail.decoded).toContain('SeyirTestError');
    const hooks = await receiver.waitFor(2, 20_000, '/hook');
    expect(JSON.parse(hooks[1]!.body).kind).toBe('test');
    await settled();
    const log = await gw.api.get(`/api/v1/projects/${projectId}/alerts/${ruleId}/deliveries`, token);
    expect(log.body.filter((d: any) => d.kind === 'test' && d.status === 'sent')).toHaveLength(3);
  });

  it('mutes a rule from the link in an alert, without login, after a confirmation', async () => {
    const muteUrl = new URL(bodyOf('/hook')[0].links.muteHour as string);
    const page = await fetch(muteUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('1 saat sessize al');
    expect((await gw.api.get(`/api/v1/projects/${projectId}/alerts/${ruleId}`, token)).body.muted_until).toBeNull(); // GET alone does not mute

    const forged = await fetch(new URL('/api/v1/alerts/mute', muteUrl), { method: 'POST', body: new URLSearchParams({ token: `${muteUrl.searchParams.get('token')}x` }) });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Sessize alma bağlantısı geçersiz veya süresi dolmuş.');

    const muted = await fetch(new URL('/api/v1/alerts/mute', muteUrl), { method: 'POST', body: new URLSearchParams({ token: muteUrl.searchParams.get('token')! }) });
    expect(muted.status).toBe(200);
    expect(await muted.text()).toContain('Uyarı sessize alındı');
    const rule = (await gw.api.get(`/api/v1/projects/${projectId}/alerts/${ruleId}`, token)).body;
    const until = new Date(rule.muted_until).getTime() - Date.now();
    expect(until).toBeGreaterThan(55 * 60_000);
    expect(until).toBeLessThanOrEqual(60 * 60_000);

    const key = (await gw.api.post(`/api/v1/projects/${projectId}/api-keys/`, { name: 'İkinci' }, token)).body.key as string;
    await ingest(key, [{ message: 'Sessizken gelen yepyeni hata', level: 'CRITICAL', exception: { type: 'QuietError', value: 'x' } }]);
    await settled();
    expect(bodyOf('/hook').filter((b) => b.kind === 'alert')).toHaveLength(1);
  });

  it('turns a storm of 1,000 errors in a minute into one alert and one digest per rule', async () => {
    const p = await projectWithKey('Fırtına');
    const rules = {
      threshold: { name: 'Hata fırtınası', type: 'threshold', conditions: { count: 10, level: 'ERROR', minutes: 1 }, path: '/storm-threshold' },
      groups: { name: 'Yeni gruplar', type: 'new_group', conditions: {}, path: '/storm-groups' },
    };
    for (const r of Object.values(rules)) {
      const created = await gw.api.post(
        `/api/v1/projects/${p.projectId}/alerts`,
        { name: r.name, type: r.type, conditions: r.conditions, cooldown_minutes: 1, channels: [{ type: 'webhook', url: `${receiver.url}${r.path}` }] },
        token,
      );
      expect(created.status).toBe(201);
    }
    // 20 batches of 50 within seconds: 50 kinds of exception, each batch has all of them.
    for (let b = 0; b < 20; b++) {
      await ingest(
        p.key,
        Array.from({ length: 50 }, (_, i) => ({ message: `Sipariş ${b * 50 + i} işlenemedi`, level: 'ERROR', exception: { type: `StormError${i}`, value: `adım ${b}` } })),
      );
    }
    await settled();
    expect(bodyOf('/storm-threshold').map((m) => m.kind)).toEqual(['alert']);
    expect(bodyOf('/storm-groups').map((m) => m.kind)).toEqual(['alert']);
    expect(bodyOf('/storm-threshold')[0].threshold).toMatchObject({ count: 10, level: 'ERROR', minutes: 1 });

    // The cool-down ends: the clock moves past it and the sweeper sends what it held as one digest.
    const deps = gw.deps.alerts.deps;
    const realNow = deps.now;
    deps.now = () => new Date(Date.now() + 61_000);
    try {
      await receiver.waitFor(2, 20_000, '/storm-threshold');
      await receiver.waitFor(2, 20_000, '/storm-groups');
      await new Promise((r) => setTimeout(r, 1_000)); // several more sweeps
      await settled();
    } finally {
      deps.now = realNow;
    }
    const threshold = bodyOf('/storm-threshold');
    expect(threshold.map((m) => m.kind)).toEqual(['alert', 'digest']);
    expect(threshold[1].digest.held).toBe(950); // the 19 batches after the one that crossed the threshold
    const groups = bodyOf('/storm-groups');
    expect(groups.map((m) => m.kind)).toEqual(['alert', 'digest']);
    expect(groups[1].digest.held).toBe(49); // 50 new groups: the first alerted, 49 held
    expect(groups[1].digest.groups).toHaveLength(10);
    expect(groups[1].title).toBe('Özet: bekleme süresinde 49 yeni grup daha — Yeni gruplar');
  });

  it('holds a threshold rule’s logs for the digest only while it is still over: a trickle after the storm makes no digest', async () => {
    const p = await projectWithKey('Damla');
    const created = await gw.api.post(
      `/api/v1/projects/${p.projectId}/alerts`,
      { name: 'Damla', type: 'threshold', conditions: { count: 5, level: 'ERROR', minutes: 1 }, cooldown_minutes: 10, channels: [{ type: 'webhook', url: `${receiver.url}/trickle` }] },
      token,
    );
    expect(created.status).toBe(201);
    await ingest(p.key, Array.from({ length: 6 }, (_, i) => ({ message: `Damla hatası ${i}`, level: 'ERROR' })));
    await settled();
    expect(bodyOf('/trickle').map((m) => m.kind)).toEqual(['alert']);
    const deps = gw.deps.alerts.deps;
    const realNow = deps.now;
    try {
      // 90 s later, inside the 10-minute cool-down: two errors, not more than 5 in the last minute.
      deps.now = () => new Date(Date.now() + 90_000);
      await ingest(p.key, [{ message: 'Damla hatası sonra 1', level: 'ERROR' }, { message: 'Damla hatası sonra 2', level: 'ERROR' }]);
      await settled();
      // The cool-down ends: nothing was held, so the sweeper sends no digest.
      deps.now = () => new Date(Date.now() + 11 * 60_000);
      await new Promise((r) => setTimeout(r, 1_500));
      await settled();
    } finally {
      deps.now = realNow;
    }
    expect(bodyOf('/trickle').map((m) => m.kind)).toEqual(['alert']);
  });

  it('counts only the logs a threshold rule’s query matches (a saved view’s query works as it is)', async () => {
    const p = await projectWithKey('Sorgulu');
    for (const [name, search, path] of [
      ['web-1 hataları', 'host:web-1 metadata.shop:ana', '/query-match'],
      ['web-9 hataları', 'host:web-9', '/query-miss'],
    ] as const) {
      const created = await gw.api.post(
        `/api/v1/projects/${p.projectId}/alerts`,
        { name, type: 'threshold', conditions: { count: 5, level: 'ERROR', minutes: 5, search }, cooldown_minutes: 5, channels: [{ type: 'webhook', url: `${receiver.url}${path}` }] },
        token,
      );
      expect(created.status).toBe(201);
    }
    await ingest(
      p.key,
      Array.from({ length: 10 }, (_, i) => ({ message: `Kasa ${i} kapanmadı`, level: 'ERROR', host: 'web-1', metadata: { shop: 'ana' } })),
    );
    await settled();
    await receiver.waitFor(1, 20_000, '/query-match');
    expect(bodyOf('/query-match').map((m) => m.kind)).toEqual(['alert']);
    expect(bodyOf('/query-match')[0].threshold).toMatchObject({ search: 'host:web-1 metadata.shop:ana' });
    expect(bodyOf('/query-miss')).toEqual([]);
  });

  it('alerts when a resolved group receives a log again (regression), once per group within the cool-down', async () => {
    const p = await projectWithKey('Regresyon');
    const created = await gw.api.post(
      `/api/v1/projects/${p.projectId}/alerts`,
      { name: 'Geri dönen hatalar', type: 'regression', channels: [{ type: 'webhook', url: `${receiver.url}/regression` }] },
      token,
    );
    expect(created.status).toBe(201);
    const failure = { message: 'Stok güncellenemedi', level: 'ERROR', exception: { type: 'StockError', value: 'kilit' } };
    await ingest(p.key, [failure]);
    await settled();
    expect(bodyOf('/regression')).toHaveLength(0); // new, not a regression
    const groups = (await gw.api.get(`/api/v1/projects/${p.projectId}/groups`, token)).body;
    const group = (groups.items ?? groups)[0];
    expect((await gw.api.request('PATCH', `/api/v1/projects/${p.projectId}/groups/${group._id ?? group.id}`, { token, json: { status: 'resolved' } })).status).toBe(200);
    await ingest(p.key, [failure]);
    await settled();
    const sent = bodyOf('/regression');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'alert', title: 'Tekrar eden hata (regresyon): Stok güncellenemedi', group: { count: 2, exception: { type: 'StockError' } } });
    // Resolved and reopened again inside the cool-down: held for the digest, not sent.
    await gw.api.request('PATCH', `/api/v1/projects/${p.projectId}/groups/${group._id ?? group.id}`, { token, json: { status: 'resolved' } });
    await ingest(p.key, [failure]);
    await settled();
    expect(bodyOf('/regression')).toHaveLength(1);
  });

  it('sends each quota notice once: 80 % and 100 % of the monthly quota', async () => {
    const p = await projectWithKey('Kota');
    const created = await gw.api.post(
      `/api/v1/projects/${p.projectId}/alerts`,
      { name: 'Kota bildirimi', type: 'quota', channels: [{ type: 'webhook', url: `${receiver.url}/quota` }, { type: 'email', to: ['fatura@example.com'] }] },
      token,
    );
    expect(created.status).toBe(201);
    const sql = gw.deps.database.sql;
    const { rows } = await sql.query<{ owner_id: string; plan: string }>(`SELECT p.owner_id, u.plan FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.id = $1`, [p.projectId]);
    const owner = rows[0]!.owner_id;
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
    const setUsage = (logs: number) =>
      sql.query(`INSERT INTO usage_monthly (account_id, month, logs) VALUES ($1, $2, $3) ON CONFLICT (account_id, month) DO UPDATE SET logs = $3`, [owner, month, logs]);
    const quota = 50_000; // free plan, pricing table
    const logs = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ message: `Kota logu ${tag} ${i}`, level: 'INFO' }));

    await setUsage(quota * 0.8 - 5); // this month's usage so far
    await ingest(p.key, logs(10, 'a'));
    await ingest(p.key, logs(10, 'b'));
    await settled();
    await setUsage(quota - 3);
    await ingest(p.key, logs(10, 'c'));
    await ingest(p.key, logs(10, 'd'));
    await settled();

    expect(bodyOf('/quota').map((m) => [m.kind, m.quota.kind, m.quota.threshold, m.quota.quota])).toEqual([
      ['quota', 'quota_80', 40_000, quota],
      ['quota', 'quota_100', 50_000, quota],
    ]);
    const mail = await smtp.waitFor((m) => m.to.includes('fatura@example.com') && m.subject.includes('%80'));
    expect(mail.subject).toBe('[Seyir] Aylık log kotasının %80’i kullanıldı');
    expect(mail.decoded).toContain('Aylık log kotanızın %80’ine ulaştınız.');
    expect(smtp.messages.filter((m) => m.to.includes('fatura@example.com'))).toHaveLength(2);
  });

  it('logs failing channels without holding up ingest: a timeout is retried, a 410 is given up at once', async () => {
    const p = await projectWithKey('Bozuk Kanal');
    const created = await gw.api.post(
      `/api/v1/projects/${p.projectId}/alerts`,
      { name: 'Bozuk', type: 'new_group', channels: [{ type: 'webhook', url: `${receiver.url}/hang` }, { type: 'slack', url: `${receiver.url}/gone` }] },
      token,
    );
    for (let i = 0; i < 3; i++) await ingest(p.key, [{ message: `Bozuk kanal hatası ${i}`, level: 'ERROR', exception: { type: `Broken${i}`, value: 'x' } }]);
    const path = `/api/v1/projects/${p.projectId}/alerts/${created.body.id}/deliveries`;
    const deadline = Date.now() + 20_000;
    let deliveries: any[] = [];
    while (Date.now() < deadline) {
      deliveries = (await gw.api.get(path, token)).body;
      if (deliveries.some((d) => d.channel === 'webhook' && d.attempts >= 1) && deliveries.some((d) => d.channel === 'slack' && d.status === 'failed')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const hook = deliveries.find((d) => d.channel === 'webhook')!;
    expect(hook.status).toBe('pending'); // waiting for its retry
    expect(hook.error).toBe('Zaman aşımı (1000 ms).');
    const slack = deliveries.find((d) => d.channel === 'slack')!;
    expect(slack).toMatchObject({ status: 'failed', attempts: 1, error: 'Alıcı HTTP 410 ile yanıtladı.' });
    const { rows } = await gw.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [p.projectId]);
    expect(rows[0]!.n).toBe(3);
  });

  it('sends what a stopped process left pending when the next one starts, and finishes queued sends before stopping', async () => {
    const p = await projectWithKey('Yeniden Başlatma');
    const created = await gw.api.post(`/api/v1/projects/${p.projectId}/alerts`, { name: 'Askıda', type: 'new_group', channels: [{ type: 'webhook', url: `${receiver.url}/hang` }] }, token);
    await ingest(p.key, [{ message: 'Askıda kalan uyarı', level: 'ERROR', exception: { type: 'Stuck', value: 'x' } }]);
    const path = `/api/v1/projects/${p.projectId}/alerts/${created.body.id}/deliveries`;
    let pending: any;
    for (const deadline = Date.now() + 20_000; !pending && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      pending = (await gw.api.get(path, token)).body.find((d: any) => d.attempts >= 1);
    }
    expect(pending.status).toBe('pending'); // its retry waits in this process's timer
    // The receiver works again; a new process (a restart) picks the delivery up at once.
    await gw.api.put(`/api/v1/projects/${p.projectId}/alerts/${created.body.id}`, { name: 'Askıda', type: 'new_group', channels: [{ type: 'webhook', url: `${receiver.url}/resumed` }] }, token);
    const restarted = createInProcessAlertQueue(gw.deps.alerts.deps, () => undefined);
    // (It resumes the other tests' pending deliveries too: wait for this one, not for idle.)
    let after: any;
    for (const deadline = Date.now() + 20_000; after?.status !== 'sent' && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      after = (await gw.api.get(path, token)).body.find((d: any) => d.id === pending.id);
    }
    expect(after.status).toBe('sent');
    expect(bodyOf('/resumed').length).toBeGreaterThanOrEqual(1);
    // Stopping waits for queued sends instead of dropping them. (The other tests' leftovers are
    // given up first, so that only this send is queued.)
    await gw.deps.database.sql.query(`UPDATE alert_deliveries SET status = 'failed' WHERE status = 'pending'`);
    const sent = (await getAlertDeliveryToSend(gw.deps.database.sql, pending.id))!;
    const [id] = await createAlertDeliveries(gw.deps.database.sql, [
      { ruleId: created.body.id, kind: 'alert', channelIndex: 0, channelType: 'webhook', target: `${receiver.url}/resumed`, message: { ...sent.message, title: 'Kapanırken' } },
    ]);
    await restarted.deliver([id!]);
    await restarted.close();
    expect((await gw.api.get(path, token)).body.find((d: any) => d.id === id).status).toBe('sent');
  });
});

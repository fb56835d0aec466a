import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

/** Alert rules API: validation, the role matrix, tenant isolation, limits, preferences. */
let gw: TestGateway;
let owner: string;
let admin: string;
let editor: string;
let viewer: string;
let outsider: string;
let projectId: string;

const rule = (extra: Record<string, unknown> = {}) => ({
  name: 'Ödeme hataları',
  type: 'new_group',
  channels: [
    { type: 'email', to: ['ekip@example.com'] },
    { type: 'webhook', url: 'https://hooks.example.com/seyir', secret: 'gizli-anahtar-1234567890' },
    { type: 'slack', url: 'https://hooks.slack.com/services/T000/B000/XXXX' },
  ],
  conditions: { min_level: 'ERROR' },
  cooldown_minutes: 15,
  ...extra,
});

beforeAll(async () => {
  gw = await startTestGateway();
  ({ token: owner } = await gw.api.signUp('uyarisahibi'));
  const others: Record<string, { token: string; id: string }> = {};
  for (const name of ['uyariadmin', 'uyarieditor', 'uyariviewer', 'uyaridisari']) {
    const { token, user } = await gw.api.signUp(name);
    others[name] = { token, id: user.id };
  }
  projectId = (await gw.api.createProject(owner, 'Uyarı Projesi')).id;
  for (const [name, role] of [
    ['uyariadmin', 'admin'],
    ['uyarieditor', 'editor'],
    ['uyariviewer', 'viewer'],
  ] as const) {
    const added = await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: others[name]!.id, role }, owner);
    expect(added.status).toBeLessThan(300);
  }
  admin = others.uyariadmin!.token;
  editor = others.uyarieditor!.token;
  viewer = others.uyariviewer!.token;
  outsider = others.uyaridisari!.token;
});
afterAll(() => gw?.close());

const base = () => `/api/v1/projects/${projectId}/alerts`;

describe('alert rules API', () => {
  it('lets a project admin create, read, edit and delete a rule', async () => {
    const created = await gw.api.post(base(), rule(), admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ödeme hataları', type: 'new_group', cooldown_minutes: 15, enabled: true, conditions: { min_level: 'ERROR', environment: null } });
    expect(created.body.channels[1]).toEqual({ type: 'webhook', url: 'https://hooks.example.com/seyir', secret: 'gizli-anahtar-1234567890' });

    const listed = await gw.api.get(base(), owner);
    expect(listed.body.map((r: any) => r.id)).toContain(created.body.id);

    // An edit without the webhook secret keeps it.
    const edited = await gw.api.put(
      `${base()}/${created.body.id}`,
      rule({
        name: 'Eşik',
        type: 'threshold',
        conditions: { count: 100, level: 'WARNING', minutes: 5, environment: 'production', search: 'ödeme -test' },
        channels: [{ type: 'webhook', url: 'https://hooks.example.com/seyir' }],
        enabled: false,
      }),
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Eşik', type: 'threshold', enabled: false, conditions: { count: 100, level: 'WARNING', minutes: 5, environment: 'production', search: 'ödeme -test' } });
    expect(edited.body.channels).toEqual([{ type: 'webhook', url: 'https://hooks.example.com/seyir', secret: 'gizli-anahtar-1234567890' }]);

    expect((await gw.api.delete(`${base()}/${created.body.id}`, admin)).status).toBe(204);
    expect((await gw.api.get(`${base()}/${created.body.id}`, admin)).status).toBe(404);
  });

  it('gives a webhook without a secret a generated one', async () => {
    const created = await gw.api.post(base(), rule({ channels: [{ type: 'webhook', url: 'https://hooks.example.com/a' }] }), owner);
    expect(created.status).toBe(201);
    expect(created.body.channels[0].secret).toMatch(/^[\w-]{32}$/);
    await gw.api.delete(`${base()}/${created.body.id}`, owner);
  });

  it('lets editors and viewers read rules without secrets, but not change them or see deliveries', async () => {
    const created = await gw.api.post(base(), rule(), admin);
    for (const token of [editor, viewer]) {
      const listed = await gw.api.get(base(), token);
      expect(listed.status).toBe(200);
      const mine = listed.body.find((r: any) => r.id === created.body.id);
      expect(mine.channels).toEqual([
        { type: 'email', to: ['ekip@example.com'] },
        { type: 'webhook', url: 'https://hooks.example.com/…', secret: null },
        { type: 'slack', url: 'https://hooks.slack.com/…' },
      ]);
      expect((await gw.api.post(base(), rule(), token)).status).toBe(403);
      expect((await gw.api.put(`${base()}/${created.body.id}`, rule(), token)).status).toBe(403);
      expect((await gw.api.delete(`${base()}/${created.body.id}`, token)).status).toBe(403);
      expect((await gw.api.post(`${base()}/${created.body.id}/test`, {}, token)).status).toBe(403);
      const deliveries = await gw.api.get(`${base()}/${created.body.id}/deliveries`, token);
      expect(deliveries.status).toBe(403);
      expect(deliveries.body.detail).toBe('Bu işlem için yetkiniz yok.');
    }
    expect((await gw.api.get(`${base()}/${created.body.id}/deliveries`, admin)).status).toBe(200);
    await gw.api.delete(`${base()}/${created.body.id}`, admin);
  });

  it('answers 404 to someone outside the project for every alert path, as for a missing project', async () => {
    const created = await gw.api.post(base(), rule(), admin);
    const id = created.body.id;
    for (const [method, path] of [
      ['GET', base()],
      ['POST', base()],
      ['GET', `${base()}/${id}`],
      ['PUT', `${base()}/${id}`],
      ['DELETE', `${base()}/${id}`],
      ['GET', `${base()}/${id}/deliveries`],
      ['POST', `${base()}/${id}/test`],
    ] as const) {
      const response = await gw.api.request(method, path, { token: outsider, json: method === 'GET' || method === 'DELETE' ? undefined : rule() });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.detail).toBe('Proje bulunamadı.');
    }
    // A rule of another project is not reachable through this one.
    const other = await gw.api.createProject(outsider, 'Başka Proje');
    expect((await gw.api.get(`/api/v1/projects/${other.id}/alerts/${id}`, outsider)).status).toBe(404);
    expect((await gw.api.delete(`/api/v1/projects/${other.id}/alerts/${id}`, outsider)).status).toBe(404);
    expect((await gw.api.get(`${base()}/${id}`, admin)).status).toBe(200);
    await gw.api.delete(`${base()}/${id}`, admin);
  });

  it('refuses bad rules with a Turkish reason per field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [rule({ name: '' }), 'Uyarı adı gereklidir.'],
      [rule({ type: 'sometimes' }), 'Uyarı türü new_group, regression, threshold, quota, latency veya error_rate olmalıdır.'],
      [rule({ channels: [] }), 'En az bir bildirim kanalı seçin.'],
      [rule({ channels: [{ type: 'sms', to: '1' }] }), 'Kanal türü email, webhook veya slack olmalıdır.'],
      [rule({ channels: [{ type: 'email', to: Array.from({ length: 11 }, (_, i) => `k${i}@example.com`) }] }), 'Bir e-posta kanalında en fazla 10 alıcı olabilir.'],
      [rule({ channels: [{ type: 'email', to: ['değil'] }] }), 'Geçerli bir e-posta adresi girin.'],
      [rule({ channels: [{ type: 'webhook', url: 'ftp://example.com/x' }] }), 'Adres http:// veya https:// ile başlayan geçerli bir URL olmalıdır.'],
      [rule({ channels: [{ type: 'slack', url: 'http://169.254.169.254/latest/meta-data' }] }), 'Adres yerel ya da özel bir ağa işaret ediyor; güvenlik nedeniyle izin verilmiyor.'],
      [rule({ channels: [{ type: 'webhook', url: 'http://127.0.0.1:6379/' }] }), 'Adres yerel ya da özel bir ağa işaret ediyor; güvenlik nedeniyle izin verilmiyor.'],
      [rule({ channels: [{ type: 'webhook', url: `https://example.com/${'a'.repeat(2100)}` }] }), 'Adres en fazla 2048 karakter olabilir.'],
      [rule({ cooldown_minutes: 0 }), 'Bekleme süresi 1 ile 1440 dakika arasında olmalıdır.'],
      [rule({ type: 'threshold', conditions: { count: 0, minutes: 5 } }), 'Log sayısı 1 ile 100.000 arasında olmalıdır.'],
      [rule({ type: 'threshold', conditions: { count: 5, minutes: 5000 } }), 'Süre 1 ile 1440 dakika arasında olmalıdır.'],
      [rule({ type: 'threshold', conditions: { count: 5, minutes: 5, level: 'LOUD' } }), 'Geçersiz seviye. DEBUG, INFO, WARNING, ERROR veya CRITICAL olmalıdır.'],
    ];
    for (const [body, detail] of cases) {
      const response = await gw.api.post(base(), body, admin);
      expect(response.status, detail).toBe(422);
      expect(response.body.detail).toBe(detail);
    }
  });

  it('takes a threshold search in the query language and points at the wrong character of a bad one', async () => {
    const good = await gw.api.post(base(), rule({ name: 'Sorgulu eşik', type: 'threshold', conditions: { count: 5, minutes: 5, search: 'host:web-1 metadata.user_id:>=40 -test' } }), admin);
    expect(good.status).toBe(201);
    const bad = await gw.api.post(base(), rule({ name: 'Bozuk sorgu', type: 'threshold', conditions: { count: 5, minutes: 5, search: 'host:web-1 (ödeme' } }), admin);
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/^\d+\. karakterde hata: /);
  });

  it('keeps a project to 50 rules', async () => {
    const project = await gw.api.createProject(owner, 'Kural Sınırı');
    const path = `/api/v1/projects/${project.id}/alerts`;
    const results = await Promise.all(Array.from({ length: 52 }, (_, i) => gw.api.post(path, rule({ name: `Kural ${i}`, type: 'quota', conditions: {} }), owner)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.detail).toBe('Bir projede en fazla 50 uyarı kuralı olabilir.');
  });
});

describe('notification preferences', () => {
  it('are kept on the server per user', async () => {
    const initial = await gw.api.get('/api/v1/auth/me/preferences', viewer);
    expect(initial.body).toEqual({ emailNotifications: true, slackNotifications: false, slackWebhookUrl: '' });
    const saved = await gw.api.put('/api/v1/auth/me/preferences', { emailNotifications: false, slackNotifications: true, slackWebhookUrl: 'https://hooks.slack.com/services/T/B/C' }, viewer);
    expect(saved.status).toBe(200);
    expect((await gw.api.get('/api/v1/auth/me/preferences', viewer)).body).toEqual({ emailNotifications: false, slackNotifications: true, slackWebhookUrl: 'https://hooks.slack.com/services/T/B/C' });
    expect((await gw.api.get('/api/v1/auth/me/preferences', editor)).body.emailNotifications).toBe(true);
  });

  it('need a Slack address when Slack is on, and refuse unsafe ones', async () => {
    const missing = await gw.api.put('/api/v1/auth/me/preferences', { emailNotifications: true, slackNotifications: true, slackWebhookUrl: '' }, editor);
    expect(missing.status).toBe(422);
    expect(missing.body.fields.slackWebhookUrl).toBe('Slack bildirimleri için bir webhook adresi girin.');
    const unsafe = await gw.api.put('/api/v1/auth/me/preferences', { slackNotifications: true, slackWebhookUrl: 'http://localhost:9200/' }, editor);
    expect(unsafe.status).toBe(422);
    expect((await gw.api.get('/api/v1/auth/me/preferences')).status).toBe(401);
  });
});

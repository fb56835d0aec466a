import { countLogsCapped } from '@seyir/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';
import { logSeeder } from './logs-test-seed.js';

/** The logs API on real PostgreSQL, with logs stored the way the worker stores them. */
let gw: TestGateway;
let alice: string;
let viewer: string;
let projectId: string;
let otherProjectId: string;
let otherLogId: string;
const ids: Record<string, string> = {};
const HOUR = 3_600_000;
const MIN = 60_000;
// Five hours ago, on an hour boundary: the logs spread over several rollup hours.
const h0 = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;

beforeAll(async () => {
  gw = await startTestGateway();
  await gw.api.signUp('isletmeci'); // the first account is the global admin: keep it out of the tenant checks
  ({ token: alice } = await gw.api.signUp('alice'));
  const bob = await gw.api.signUp('bob');
  const seenOnly = await gw.api.signUp('izleyici');
  viewer = seenOnly.token;
  projectId = (await gw.api.createProject(alice, 'Mağaza', ['production', 'staging'])).id;
  otherProjectId = (await gw.api.createProject(bob.token, 'Gizli')).id;
  await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: seenOnly.user.id, role: 'viewer' }, alice);

  const seed = logSeeder(gw);
  const stored = await seed(projectId, [
    { message: 'istanbul deposu güncellendi', at: h0 + 10 * MIN, tags: ['depo'] },
    { message: 'IŞIK sensörü arızalı', level: 'WARNING', at: h0 + 50 * MIN },
    {
      message: 'Ödeme alınamadı: kart reddedildi',
      level: 'ERROR',
      at: h0 + 70 * MIN,
      logger: 'payments',
      release: '1.4.2',
      exception: { type: 'CardDeclinedError', value: 'Kart limiti aşıldı', traceback: 'Traceback (most recent call last):\n  File "pay.py", line 3\nCardDeclinedError: Kart limiti aşıldı' },
      request: { method: 'POST', url: 'https://magaza.example/odeme', headers: { 'user-agent': 'pytest' } },
      response: { status_code: 402, reason_phrase: 'Payment Required', error_details: { django_traceback: 'Traceback …' } },
      context: { user: { id: 42 } },
      metadata: { order: 'A-1' },
    },
    { message: 'Ödeme alındı, kart onaylandı', environment: 'staging', at: h0 + 125 * MIN },
    { message: 'healthcheck 100% ok', level: 'DEBUG', at: h0 + 175 * MIN },
    { message: 'Veritabanı bağlantısı koptu', level: 'CRITICAL', environment: 'staging', at: h0 + 210 * MIN },
  ]);
  ['istanbul', 'isik', 'payment', 'paid', 'health', 'db'].forEach((name, i) => (ids[name] = stored.ids[i]!));
  otherLogId = (await seed(otherProjectId, [{ message: 'başka kiracının logu', at: h0 + 20 * MIN }])).ids[0]!;
});
afterAll(() => gw?.close());

const logs = (query = '', project = projectId) => `/api/v1/projects/${project}/logs/${query}`;
const messagesOf = (body: { items: { message: string }[] }) => body.items.map((i) => i.message);

describe('GET /projects/:id/logs/', () => {
  it('lists newest first with the count cards and the light fields only', async () => {
    const { status, body } = await gw.api.get(logs(), viewer);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 6, skip: 0, limit: 50, total_is_estimate: false, counts: { total: 6, error: 2, warning: 1, info: 2 } });
    expect(body.items[0]).toEqual({
      _id: ids.db,
      id: ids.db,
      project_id: projectId,
      timestamp: new Date(h0 + 210 * MIN).toISOString(),
      level: 'CRITICAL',
      message: 'Veritabanı bağlantısı koptu',
      environment: 'staging',
      host: 'web-1',
      tags: [],
      group_id: expect.any(String),
      has_exception: false,
    });
    expect(body.items.find((i: any) => i.id === ids.payment).has_exception).toBe(true);
    expect(body.items.map((i: any) => i.timestamp)).toEqual([...body.items.map((i: any) => i.timestamp)].sort().reverse());
  });

  it('filters by level (aliases, lists), environment and time, ignoring blank values', async () => {
    expect(messagesOf((await gw.api.get(logs('?level=error&environment=&search=%20'), alice)).body)).toEqual(['Ödeme alınamadı: kart reddedildi']);
    const both = (await gw.api.get(logs('?level=ERROR,fatal'), alice)).body;
    expect(both.total).toBe(2);
    expect(both.counts).toEqual({ total: 2, error: 2, warning: 0, info: 0 });
    expect((await gw.api.get(logs('?environment=STAGING'), alice)).body.total).toBe(2);
    // From 40 minutes into the first hour to the end of the third: partial edge hours are counted exactly.
    const start = new Date(h0 + 40 * MIN).toISOString();
    const end = new Date(h0 + 180 * MIN).toISOString();
    const ranged = (await gw.api.get(logs(`?start_time=${start}&end_time=${end}`), alice)).body;
    expect(ranged.total).toBe(4);
    expect(ranged.items).toHaveLength(4);
    expect(ranged.counts).toEqual({ total: 4, error: 1, warning: 1, info: 1 });
    const inOneHour = (await gw.api.get(logs(`?start_time=${new Date(h0 + 60 * MIN).toISOString()}&end_time=${new Date(h0 + 70 * MIN).toISOString()}`), alice)).body;
    expect(inOneHour.total).toBe(1);
  });

  it('pages by skip and limit, past the end too', async () => {
    const first = (await gw.api.get(logs('?limit=2'), alice)).body;
    expect(first.items).toHaveLength(2);
    const last = (await gw.api.get(logs('?limit=2&skip=5'), alice)).body;
    expect(last.items).toHaveLength(1);
    expect(last.items[0].id).toBe(ids.istanbul);
    const beyond = (await gw.api.get(logs('?skip=100'), alice)).body;
    expect(beyond).toMatchObject({ items: [], total: 6, skip: 100 });
  });

  it('sorts by level or oldest first', async () => {
    expect((await gw.api.get(logs('?sortBy=level'), alice)).body.items.map((i: any) => i.level)).toEqual(['CRITICAL', 'ERROR', 'WARNING', 'INFO', 'INFO', 'DEBUG']);
    expect((await gw.api.get(logs('?sortOrder=asc&limit=1'), alice)).body.items[0].id).toBe(ids.istanbul);
  });

  it('searches message and exception with Turkish case folding, phrases and exclusions', async () => {
    const search = async (q: string) => messagesOf((await gw.api.get(logs(`?search=${encodeURIComponent(q)}`), alice)).body);
    expect(await search('İSTANBUL')).toEqual(['istanbul deposu güncellendi']);
    expect(await search('ışık')).toEqual(['IŞIK sensörü arızalı']);
    expect(await search('işIk')).toEqual(['IŞIK sensörü arızalı']);
    expect(await search('ÖDEME')).toHaveLength(2);
    expect(await search('"kart reddedildi"')).toEqual(['Ödeme alınamadı: kart reddedildi']);
    expect(await search('"reddedildi kart"')).toEqual([]);
    expect(await search('ödeme -reddedildi')).toEqual(['Ödeme alındı, kart onaylandı']);
    expect(await search('limiti aşıldı')).toEqual(['Ödeme alınamadı: kart reddedildi']);
    expect(await search('carddeclined')).toEqual(['Ödeme alınamadı: kart reddedildi']);
    expect(await search('100%')).toEqual(['healthcheck 100% ok']);
    expect(await search('1_0')).toEqual([]);
    const counted = (await gw.api.get(logs('?search=ödeme'), alice)).body;
    expect(counted).toMatchObject({ total: 2, total_is_estimate: false, counts: { total: 2, error: 1, info: 1 } });
  });

  it('stops counting a search at the cap and says the total is a lower bound', async () => {
    const search = { include: ['ödeme'], exclude: [] };
    expect(await countLogsCapped(gw.deps.database.sql, projectId, { search }, 1)).toMatchObject({ capped: true });
    const { byLevel } = await countLogsCapped(gw.deps.database.sql, projectId, { search }, 1);
    expect([...byLevel.values()].reduce((a, b) => a + b, 0)).toBe(1);
    expect(await countLogsCapped(gw.deps.database.sql, projectId, { search }, 2)).toMatchObject({ capped: false });
  });

  it('refuses bad parameters with a Turkish detail', async () => {
    const bad = async (q: string) => (await gw.api.get(logs(q), alice)).body;
    expect(await bad('?level=LOUD')).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Geçersiz seviye. DEBUG, INFO, WARNING, ERROR veya CRITICAL olmalıdır.' });
    expect((await gw.api.get(logs('?limit=501'), alice)).status).toBe(422);
    expect((await bad('?limit=0')).detail).toBe('limit 1 ile 500 arasında bir tam sayı olmalıdır.');
    expect((await bad('?skip=-1')).fields).toHaveProperty('skip');
    expect((await bad('?start_time=dün')).detail).toMatch(/Geçersiz tarih/);
    expect((await bad('?sortBy=message')).detail).toBe('sortBy timestamp veya level olmalıdır.');
  });

  it('is 404 for a project the caller is not in, and needs a session', async () => {
    expect((await gw.api.get(logs('', otherProjectId), alice)).status).toBe(404);
    expect((await gw.api.get(logs())).status).toBe(401);
  });
});

describe('GET /projects/:id/logs/:logId', () => {
  it('answers the whole log with exception, request and response', async () => {
    const { status, body } = await gw.api.get(logs(ids.payment), viewer);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: ids.payment,
      project_id: projectId,
      level: 'ERROR',
      logger: 'payments',
      release: '1.4.2',
      exception: { type: 'CardDeclinedError', value: 'Kart limiti aşıldı', traceback: expect.stringContaining('Traceback') },
      request: { method: 'POST', url: 'https://magaza.example/odeme' },
      response: { status_code: 402, reason_phrase: 'Payment Required', error_details: { django_traceback: 'Traceback …' } },
      context: { user: { id: 42 } },
      metadata: { order: 'A-1' },
      has_exception: true,
    });
  });

  it("never shows another tenant's log", async () => {
    const viaOwnProject = await gw.api.get(logs(otherLogId), alice);
    expect(viaOwnProject.status).toBe(404);
    expect(viaOwnProject.body.detail).toBe('Log bulunamadı.');
    expect((await gw.api.get(logs(otherLogId, otherProjectId), alice)).status).toBe(404);
    expect((await gw.api.get(logs('yok-boyle-bir-id'), alice)).status).toBe(404);
  });
});

describe('GET /projects/:id/logs/stats/summary', () => {
  it('answers the total and the level distribution for the same filters', async () => {
    expect((await gw.api.get(logs('stats/summary'), viewer)).body).toEqual({
      total_logs: 6,
      level_distribution: { CRITICAL: 1, DEBUG: 1, ERROR: 1, INFO: 2, WARNING: 1 },
      total_is_estimate: false,
    });
    expect((await gw.api.get(logs('stats/summary?environment=staging&level='), alice)).body).toMatchObject({
      total_logs: 2,
      level_distribution: { CRITICAL: 1, INFO: 1 },
    });
    expect((await gw.api.get(logs('stats/summary?search=ödeme'), alice)).body.total_logs).toBe(2);
  });
});

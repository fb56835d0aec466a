import { zonedDate, zonedMidnight, addDays } from '@seyir/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';
import { logSeeder } from './logs-test-seed.js';

/** The dashboard across the caller's projects, from the rollups the worker keeps. */
let gw: TestGateway;
let alice: string;
let newcomer: string;
const DAY = 24 * 3_600_000;
const TZ = 'Europe/Istanbul';
const now = Date.now();
const today = zonedDate(new Date(now), TZ);
const midnight = zonedMidnight(today, TZ).getTime();
// Today's logs fall after local midnight and before now, a minute apart from "now" at most.
const t = Math.max(now - 60_000, midnight + 5_000);
const yesterdayStart = zonedMidnight(addDays(today, -1), TZ).getTime();

beforeAll(async () => {
  gw = await startTestGateway();
  // The server's "today" is the test's: an Istanbul midnight passing mid-run cannot move it.
  gw.deps.now = () => new Date(now);
  const seed = logSeeder(gw);
  await gw.api.signUp('operator'); // the first account is the global admin
  ({ token: alice } = await gw.api.signUp('alice'));
  const bob = await gw.api.signUp('bob');
  ({ token: newcomer } = await gw.api.signUp('yeni'));
  const own = (await gw.api.createProject(alice, 'Mağaza')).id;
  const shared = (await gw.api.createProject(bob.token, 'Ortak')).id;
  const bobsOnly = (await gw.api.createProject(bob.token, 'Bob')).id;
  await gw.api.post(`/api/v1/projects/${shared}/members`, { user_id: (await gw.api.get('/api/v1/auth/me', alice)).body.id, role: 'viewer' }, bob.token);

  await seed(own, [
    { message: 'Sipariş 1 alındı', at: t - 3_000 },
    { message: 'Ödeme başarısız', level: 'ERROR', at: t - 2_000 },
    { message: 'Sipariş 2 alındı', at: t - 1_000 },
    { message: 'Dünkü sipariş', at: yesterdayStart + 1_000 },
    { message: 'Çöktü', level: 'CRITICAL', at: now - 10 * DAY },
    { message: 'Yavaş sorgu', level: 'WARNING', at: now - 10 * DAY + 1_000 },
  ]);
  await seed(shared, [
    { message: 'Ayrıntı', level: 'DEBUG', at: t },
    { message: 'Eski hata', level: 'ERROR', at: now - 45 * DAY },
    { message: 'Eski hata', level: 'ERROR', at: now - 45 * DAY + 1_000 },
  ]);
  await seed(bobsOnly, [{ message: 'Bob’un hatası', level: 'ERROR', at: t + 500 }]);
});
afterAll(() => gw?.close());

describe('GET /dashboard/stats', () => {
  it('equals what was stored in the caller’s projects, with changes against the previous periods', async () => {
    const { status, body } = await gw.api.get('/api/v1/dashboard/stats', alice);
    expect(status).toBe(200);
    expect(body).toEqual({
      totalLogs: 7,
      totalLogsChange: 250,
      errorLogs: 2,
      errorLogsChange: 0,
      projects: 2,
      todayLogs: 4,
      todayLogsChange: 300,
    });
  });

  it('is all zeros for someone without projects, and needs a session', async () => {
    expect((await gw.api.get('/api/v1/dashboard/stats', newcomer)).body).toEqual({
      totalLogs: 0,
      totalLogsChange: 0,
      errorLogs: 0,
      errorLogsChange: 0,
      projects: 0,
      todayLogs: 0,
      todayLogsChange: 0,
    });
    expect((await gw.api.get('/api/v1/dashboard/stats')).status).toBe(401);
  });
});

describe('GET /dashboard/logs/activity', () => {
  it('answers one item per Istanbul day, oldest first, ending today', async () => {
    const { body } = await gw.api.get('/api/v1/dashboard/logs/activity?days=7', alice);
    expect(body).toHaveLength(7);
    expect(body.map((d: any) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)));
    expect(body[6]).toEqual({ date: today, INFO: 2, WARNING: 0, ERROR: 1, CRITICAL: 0, DEBUG: 1 });
    expect(body[5]).toEqual({ date: addDays(today, -1), INFO: 1, WARNING: 0, ERROR: 0, CRITICAL: 0, DEBUG: 0 });
    expect(body.slice(0, 5).every((d: any) => d.INFO + d.WARNING + d.ERROR + d.CRITICAL + d.DEBUG === 0)).toBe(true);
    expect((await gw.api.get('/api/v1/dashboard/logs/activity', alice)).body).toHaveLength(7);
    expect((await gw.api.get('/api/v1/dashboard/logs/activity?days=14', alice)).body.reduce((n: number, d: any) => n + d.CRITICAL + d.WARNING, 0)).toBe(2);
    expect((await gw.api.get('/api/v1/dashboard/logs/activity?days=0', alice)).body.detail).toBe('days 1 ile 90 arasında bir tam sayı olmalıdır.');
  });
});

describe('GET /dashboard/logs/distribution', () => {
  it('counts every level over the last 30 days, or the days asked', async () => {
    expect((await gw.api.get('/api/v1/dashboard/logs/distribution', alice)).body).toEqual([
      { level: 'DEBUG', count: 1 },
      { level: 'INFO', count: 3 },
      { level: 'WARNING', count: 1 },
      { level: 'ERROR', count: 1 },
      { level: 'CRITICAL', count: 1 },
    ]);
    expect((await gw.api.get('/api/v1/dashboard/logs/distribution?days=90', alice)).body[3]).toEqual({ level: 'ERROR', count: 3 });
  });
});

describe('GET /dashboard/logs/recent', () => {
  it('answers the newest logs of the caller’s projects only', async () => {
    const two = (await gw.api.get('/api/v1/dashboard/logs/recent?limit=2', alice)).body;
    expect(two.map((l: any) => l.message)).toEqual(['Ayrıntı', 'Sipariş 2 alındı']);
    expect(two[0]).toMatchObject({ project_id: expect.any(String), level: 'DEBUG', has_exception: false });
    const all = (await gw.api.get('/api/v1/dashboard/logs/recent', alice)).body;
    expect(all).toHaveLength(9);
    expect(all.some((l: any) => l.message === 'Bob’un hatası')).toBe(false);
    expect((await gw.api.get('/api/v1/dashboard/logs/recent?limit=51', alice)).status).toBe(422);
    expect((await gw.api.get('/api/v1/dashboard/logs/recent', newcomer)).body).toEqual([]);
  });
});

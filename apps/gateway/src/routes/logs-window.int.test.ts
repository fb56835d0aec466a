import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';
import { logSeeder } from './logs-test-seed.js';

/**
 * Newest-first pages are read from the shortest window of days that holds them (sized from the
 * hourly rollups, or the group's last_seen), falling back to all days when it does not: the
 * answer must be the same as reading everything, whatever the rollups say.
 */
let gw: TestGateway;
let owner: string;
let projectId: string;
let groupId: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const ages = [1 * HOUR, 2 * HOUR, 3 * DAY, 3 * DAY + HOUR, 3 * DAY + 2 * HOUR, 20 * DAY, 20 * DAY + HOUR, 20 * DAY + 2 * HOUR];

beforeAll(async () => {
  gw = await startTestGateway();
  ({ token: owner } = await gw.api.signUp('pencere'));
  projectId = (await gw.api.createProject(owner, 'Pencere')).id;
  const seeded = await logSeeder(gw)(
    projectId,
    ages.map((age, i) => ({ message: `Kayıt ${i} işlendi`, at: now - age })),
  );
  groupId = seeded.groups[0]!.groupId;
});
afterAll(() => gw?.close());

const messages = async (path: string) => (await gw.api.get(path, owner)).body.items.map((l: any) => l.message);
const all = ages.map((_, i) => `Kayıt ${i} işlendi`);

describe('newest-first pages read from a window of days', () => {
  it('answers every page as if all days were read', async () => {
    const logs = `/api/v1/projects/${projectId}/logs/`;
    expect(await messages(`${logs}?limit=2`)).toEqual(all.slice(0, 2));
    expect(await messages(`${logs}?limit=4`)).toEqual(all.slice(0, 4));
    expect(await messages(`${logs}?limit=3&skip=4`)).toEqual(all.slice(4, 7));
    expect(await messages(`${logs}?limit=50&skip=6`)).toEqual(all.slice(6));
    expect(await messages(`/api/v1/projects/${projectId}/groups/${groupId}/logs?limit=6`)).toEqual(all.slice(0, 6));
    expect(await messages(`/api/v1/projects/${projectId}/groups/${groupId}/logs?limit=2&skip=5`)).toEqual(all.slice(5, 7));
    const recent = (await gw.api.get('/api/v1/dashboard/logs/recent?limit=10', owner)).body.map((l: any) => l.message);
    expect(recent).toEqual(all);
  });

  it('answers searches and q from the last day, the last week, then all days, with exact counts', async () => {
    const logs = `/api/v1/projects/${projectId}/logs/`;
    expect(await messages(`${logs}?search=kay%C4%B1t&limit=2`)).toEqual(all.slice(0, 2));
    expect(await messages(`${logs}?search=KAYIT&limit=3`)).toEqual(all.slice(0, 3));
    expect(await messages(`${logs}?search=i%C5%9Flendi&limit=3&skip=5`)).toEqual(all.slice(5, 8));
    expect(await messages(`${logs}?q=${encodeURIComponent('işlendi -"Kayıt 4"')}&limit=50`)).toEqual(all.filter((m) => m !== 'Kayıt 4 işlendi'));
    const old = `${logs}?search=kay%C4%B1t&end_time=${new Date(now - 10 * DAY).toISOString()}`;
    expect((await gw.api.get(old, owner)).body).toMatchObject({ total: 3, total_is_estimate: false });
    expect(await messages(old)).toEqual(all.slice(5));
    const counted = (await gw.api.get(`${logs}?search=kay%C4%B1t&limit=1`, owner)).body;
    expect(counted).toMatchObject({ total: 8, total_is_estimate: false, counts: { total: 8 } });
  });

  it('counts a search exactly up to 1,000, then says the total is a lower bound', async () => {
    const busy = (await gw.api.createProject(owner, 'Kalabalık')).id;
    const seed = logSeeder(gw);
    await seed(busy, Array.from({ length: 1001 }, (_, i) => ({ message: `Taşma ${i}`, at: now - 2 * HOUR + i * 1000, level: i % 2 ? 'ERROR' : 'INFO' })));
    await seed(busy, [{ message: 'Taşma eski', at: now - 10 * DAY }]);
    const logs = `/api/v1/projects/${busy}/logs/`;
    const over = (await gw.api.get(`${logs}?search=ta%C5%9Fma&limit=5`, owner)).body;
    expect(over).toMatchObject({ total: 1000, total_is_estimate: true, counts: { total: 1000 } });
    expect(over.items.map((l: any) => l.message)).toEqual(['Taşma 1000', 'Taşma 999', 'Taşma 998', 'Taşma 997', 'Taşma 996']);
    const under = (await gw.api.get(`${logs}?q=${encodeURIComponent('taşma level:error')}&limit=1`, owner)).body;
    expect(under).toMatchObject({ total: 500, total_is_estimate: false, counts: { total: 500, error: 500 } });
    expect((await gw.api.get(`${logs}?search=eski`, owner)).body).toMatchObject({ total: 1, total_is_estimate: false });
  });

  it('still answers the whole page when the rollups overstate the newest hours', async () => {
    await gw.deps.database.sql.query(`UPDATE log_rollups_hourly SET count = count + 100 WHERE project_id = $1 AND hour > now() - interval '3 hours'`, [projectId]);
    expect(await messages(`/api/v1/projects/${projectId}/logs/?limit=5`)).toEqual(all.slice(0, 5));
  });
});

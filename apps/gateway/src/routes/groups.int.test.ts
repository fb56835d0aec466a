import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';
import { logSeeder, type SeedLog } from './logs-test-seed.js';

/** The groups API on real PostgreSQL: list, summary, detail, logs, status, notes, delete. */
let gw: TestGateway;
let seed: ReturnType<typeof logSeeder>;
let owner: string;
let editor: string;
let viewer: string;
let projectId: string;
let otherProjectId: string;
let otherGroupId: string;
let loginGroup: string;
let payGroup: string;
let diskGroup: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();

const payment = (at: number, environment: string, user: number): SeedLog => ({
  message: 'Ödeme alınamadı',
  level: 'ERROR',
  environment,
  at,
  tags: ['odeme', environment],
  context: { user: { id: user } },
  exception: { type: 'CardDeclinedError', value: `Kart ${user} reddedildi`, frames: [{ filename: 'pay.py', function: 'charge', module: 'shop.pay', in_app: true }] },
});

async function groupOf(logId: string): Promise<string> {
  return (await gw.api.get(`/api/v1/projects/${projectId}/logs/${logId}`, owner)).body.group_id;
}

beforeAll(async () => {
  gw = await startTestGateway();
  seed = logSeeder(gw);
  await gw.api.signUp('operator'); // the first account is the global admin
  ({ token: owner } = await gw.api.signUp('sahip'));
  const ed = await gw.api.signUp('editor');
  const vw = await gw.api.signUp('viewer');
  const stranger = await gw.api.signUp('yabanci');
  editor = ed.token;
  viewer = vw.token;
  projectId = (await gw.api.createProject(owner, 'Mağaza', ['production', 'staging'])).id;
  otherProjectId = (await gw.api.createProject(stranger.token, 'Başkası')).id;
  await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: ed.user.id, role: 'editor' }, owner);
  await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: vw.user.id, role: 'viewer' }, owner);

  const { ids } = await seed(projectId, [
    { message: 'User 1842 logged in from 10.0.0.1', at: now - 3 * HOUR, tags: ['auth'] },
    { message: 'User 77 logged in from 10.0.0.9', at: now - 2 * HOUR },
    { message: 'User 5 logged in from 10.0.0.3', level: 'WARNING', at: now - HOUR },
    payment(now - 5 * HOUR, 'production', 1),
    payment(now - 4 * HOUR, 'staging', 2),
    { message: 'Disk /dev/sda1 is 91% full', level: 'WARNING', environment: 'staging', at: now - 10 * DAY },
  ]);
  [loginGroup, payGroup, diskGroup] = [await groupOf(ids[0]!), await groupOf(ids[3]!), await groupOf(ids[5]!)];
  const other = await seed(otherProjectId, [{ message: 'Başka kiracı hatası', level: 'ERROR', at: now - HOUR }]);
  otherGroupId = other.groups[0]!.groupId;
});
afterAll(() => gw?.close());

const groups = (path = '', project = projectId) => `/api/v1/projects/${project}/groups${path}`;

describe('GET /projects/:id/groups', () => {
  it('lists the groups seen in the last 7 days by last_seen with the §3 fields', async () => {
    const { status, body } = await gw.api.get(groups(), viewer);
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.pagination).toEqual({ skip: 0, limit: 20, has_more: false });
    expect(body.items.map((g: any) => g._id)).toEqual([loginGroup, payGroup]);
    expect(body.items[1]).toMatchObject({
      _id: payGroup,
      id: payGroup,
      project_id: projectId,
      sample_message: 'Ödeme alınamadı',
      level: 'ERROR',
      environment: 'production',
      environments: ['production', 'staging'],
      severity: 'high',
      count: 2,
      is_recent: true,
      users_count: 2,
      users_affected: expect.arrayContaining(['id:1', 'id:2']),
      status: 'unresolved',
      is_regression: false,
      kind: expect.any(String),
      first_seen: new Date(now - 5 * HOUR).toISOString(),
      last_seen: new Date(now - 4 * HOUR).toISOString(),
    });
    expect(body.items[1].tags).toEqual(expect.arrayContaining(['odeme', 'production', 'staging']));
    expect(body.items[0]).toMatchObject({ count: 3, level: 'WARNING', severity: 'medium' });
  });

  it('lists the first 10 users of a group with their full count; one group answers them all', async () => {
    const busy = (await gw.api.createProject(owner, 'Kalabalık')).id;
    await seed(busy, Array.from({ length: 12 }, (_, i) => payment(now - HOUR + i * 1000, 'production', 100 + i)));
    const [item] = (await gw.api.get(groups('', busy), owner)).body.items;
    expect(item).toMatchObject({ users_count: 12, count: 12 });
    expect(item.users_affected).toHaveLength(10);
    const one = (await gw.api.get(groups(`/${item.id}`, busy), owner)).body;
    expect(one.users_count).toBe(12);
    expect([...one.users_affected].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `id:${100 + i}`).sort());
    expect(one.users_affected).toEqual(expect.arrayContaining(item.users_affected));
  });

  it('widens with days, filters by environment, level and status, and sorts', async () => {
    expect((await gw.api.get(groups('?days=14'), owner)).body.total).toBe(3);
    const old = (await gw.api.get(groups('?days=14&environment=staging&level=warning'), owner)).body;
    expect(old.items.map((g: any) => g._id)).toEqual([diskGroup]);
    expect(old.items[0].is_recent).toBe(false);
    expect((await gw.api.get(groups('?level=ERROR'), owner)).body.items.map((g: any) => g._id)).toEqual([payGroup]);
    expect((await gw.api.get(groups('?status=resolved'), owner)).body.total).toBe(0);
    expect((await gw.api.get(groups('?sort_by=count&sort_order=asc&days=14'), owner)).body.items.map((g: any) => g.count)).toEqual([1, 2, 3]);
    expect((await gw.api.get(groups('?sort_by=first_seen&days=14'), owner)).body.items[0]._id).toBe(loginGroup);
  });

  it('pages with has_more, and past the end', async () => {
    const first = (await gw.api.get(groups('?days=14&limit=2'), owner)).body;
    expect(first.items).toHaveLength(2);
    expect(first.pagination).toEqual({ skip: 0, limit: 2, has_more: true });
    const last = (await gw.api.get(groups('?days=14&limit=2&skip=2'), owner)).body;
    expect(last.items).toHaveLength(1);
    expect(last.pagination.has_more).toBe(false);
    const beyond = (await gw.api.get(groups('?days=14&skip=50'), owner)).body;
    expect(beyond).toMatchObject({ items: [], total: 3, pagination: { skip: 50, has_more: false } });
  });

  it('refuses bad parameters with a Turkish detail', async () => {
    expect((await gw.api.get(groups('?days=5'), owner)).body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'days 1, 3, 7, 14, 30 veya 90 olmalıdır.' });
    expect((await gw.api.get(groups('?sort_by=name'), owner)).body.detail).toBe('sort_by last_seen, first_seen veya count olmalıdır.');
    expect((await gw.api.get(groups('?status=open'), owner)).status).toBe(422);
  });
});

describe('GET /projects/:id/groups/summary', () => {
  it('counts groups, active ones, error ones and the logs of the window', async () => {
    expect((await gw.api.get(groups('/summary'), viewer)).body).toEqual({ summary: { total_groups: 2, active_groups: 2, error_groups: 1, total_logs: 5 } });
    expect((await gw.api.get(groups('/summary?days=30&environment=staging'), viewer)).body).toEqual({
      summary: { total_groups: 2, active_groups: 1, error_groups: 1, total_logs: 2 },
    });
  });
});

describe('one group', () => {
  it('answers the group and its logs, newest first, with filters and paging', async () => {
    expect((await gw.api.get(groups(`/${payGroup}`), viewer)).body).toMatchObject({ _id: payGroup, count: 2 });
    const all = (await gw.api.get(groups(`/${loginGroup}/logs`), viewer)).body;
    expect(all.total).toBe(3);
    expect(all.items.map((l: any) => l.message)).toEqual(['User 5 logged in from 10.0.0.3', 'User 77 logged in from 10.0.0.9', 'User 1842 logged in from 10.0.0.1']);
    expect((await gw.api.get(groups(`/${loginGroup}/logs?level=warning`), viewer)).body).toMatchObject({ total: 1, total_is_estimate: false });
    const since = new Date(now - 2.5 * HOUR).toISOString();
    expect((await gw.api.get(groups(`/${loginGroup}/logs?start_date=${since}&limit=1&skip=1`), viewer)).body).toMatchObject({
      total: 2,
      items: [{ message: 'User 77 logged in from 10.0.0.9' }],
    });
  });

  it("never shows another tenant's group, and keeps static paths apart from ids", async () => {
    expect((await gw.api.get(groups(`/${otherGroupId}`), owner)).status).toBe(404);
    expect((await gw.api.get(groups(`/${otherGroupId}/logs`), owner)).status).toBe(404);
    expect((await gw.api.get(groups(`/${otherGroupId}/notes`), owner)).status).toBe(404);
    expect((await gw.api.request('PATCH', groups(`/${otherGroupId}`), { token: owner, json: { status: 'resolved' } })).status).toBe(404);
    expect((await gw.api.delete(groups(`/${otherGroupId}`), owner)).status).toBe(404);
    expect((await gw.api.get(groups(`/${otherGroupId}`, otherProjectId), owner)).status).toBe(404);
    expect((await gw.api.get(groups('/bilinmeyen'), owner)).body.detail).toBe('Log grubu bulunamadı.');
    expect((await gw.api.get(groups('/summary'), owner)).status).toBe(200);
  });
});

describe('group status', () => {
  it('lets an editor set it but not a viewer', async () => {
    const denied = await gw.api.request('PATCH', groups(`/${payGroup}`), { token: viewer, json: { status: 'resolved' } });
    expect(denied.status).toBe(403);
    const bad = await gw.api.request('PATCH', groups(`/${payGroup}`), { token: editor, json: { status: 'kapalı' } });
    expect(bad.body.detail).toBe('Geçersiz durum. unresolved, resolved veya ignored olmalıdır.');
    const ignored = await gw.api.request('PATCH', groups(`/${diskGroup}`), { token: editor, json: { status: 'ignored' } });
    expect(ignored.body).toMatchObject({ status: 'ignored', resolved_at: null });
    expect((await gw.api.get(groups('?days=14&status=ignored'), owner)).body.items.map((g: any) => g._id)).toEqual([diskGroup]);
  });

  it('reopens a resolved group that receives a new log, marked as a regression', async () => {
    const resolved = await gw.api.request('PATCH', groups(`/${payGroup}`), { token: editor, json: { status: 'resolved' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', is_regression: false, resolved_at: expect.any(String) });
    const outcome = await seed(projectId, [payment(Date.now(), 'production', 3)]);
    expect(outcome.groups[0]).toMatchObject({ groupId: payGroup, regressed: true });
    const reopened = (await gw.api.get(groups(`/${payGroup}`), viewer)).body;
    expect(reopened).toMatchObject({ status: 'unresolved', is_regression: true, count: 3 });
    // Reopening by hand clears the mark.
    const cleared = await gw.api.request('PATCH', groups(`/${payGroup}`), { token: editor, json: { status: 'unresolved' } });
    expect(cleared.body).toMatchObject({ status: 'unresolved', is_regression: false });
  });
});

describe('group status per environment', () => {
  const queue = (at: number, environment: string): SeedLog => ({
    message: 'Kuyruk zaman aşımı',
    level: 'ERROR',
    environment,
    at,
    exception: { type: 'QueueTimeout', value: 'kuyruk yanıt vermedi', frames: [{ filename: 'q.py', function: 'pull', module: 'jobs.q', in_app: true }] },
  });
  let queueGroup: string;
  const statusIn = (body: any, environment: string) => body.environment_statuses.find((e: any) => e.environment === environment);

  beforeAll(async () => {
    const { ids } = await seed(projectId, [queue(now - 30 * 60_000, 'production'), queue(now - 20 * 60_000, 'staging')]);
    queueGroup = await groupOf(ids[0]!);
  });

  it('resolves in staging only: the staging view and filter see it resolved, production and the group stay unresolved', async () => {
    const denied = await gw.api.request('PATCH', groups(`/${queueGroup}`), { token: viewer, json: { status: 'resolved', environment: 'staging' } });
    expect(denied.status).toBe(403);
    const res = await gw.api.request('PATCH', groups(`/${queueGroup}`), { token: editor, json: { status: 'resolved', environment: 'STAGING' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', is_regression: false, resolved_at: expect.any(String) });
    expect(statusIn(res.body, 'staging')).toMatchObject({ status: 'resolved', is_override: true });
    expect(statusIn(res.body, 'production')).toMatchObject({ status: 'unresolved', is_override: false });

    const whole = (await gw.api.get(groups(`/${queueGroup}`), viewer)).body;
    expect(whole).toMatchObject({ status: 'unresolved', resolved_at: null });
    expect((await gw.api.get(groups(`/${queueGroup}?environment=staging`), viewer)).body.status).toBe('resolved');

    const ids = async (query: string) => (await gw.api.get(groups(query), viewer)).body.items.map((g: any) => g._id);
    expect(await ids('?environment=staging&status=resolved')).toEqual([queueGroup]);
    expect(await ids('?environment=staging&status=unresolved')).not.toContain(queueGroup);
    expect(await ids('?environment=production&status=unresolved')).toContain(queueGroup);
    expect(await ids('?environment=production&status=resolved')).toEqual([]);
    expect(await ids('?status=resolved')).not.toContain(queueGroup);
    const listed = (await gw.api.get(groups('?environment=staging'), viewer)).body.items.find((g: any) => g._id === queueGroup);
    expect(listed.status).toBe('resolved');
    expect((await gw.api.get(groups('/summary?environment=staging'), viewer)).status).toBe(200);
  });

  it('a log in production leaves the staging resolution alone; a log in staging reopens it there as a regression', async () => {
    const prod = await seed(projectId, [queue(Date.now(), 'production')]);
    expect(prod.groups[0]).toMatchObject({ groupId: queueGroup, regressed: false, regressedEnvironments: [] });
    expect((await gw.api.get(groups(`/${queueGroup}?environment=staging`), viewer)).body.status).toBe('resolved');

    const staging = await seed(projectId, [queue(Date.now(), 'staging')]);
    expect(staging.groups[0]).toMatchObject({ groupId: queueGroup, regressed: false, regressedEnvironments: ['staging'] });
    const view = (await gw.api.get(groups(`/${queueGroup}?environment=staging`), viewer)).body;
    expect(view).toMatchObject({ status: 'unresolved', is_regression: true });
    expect(statusIn(view, 'staging')).toMatchObject({ status: 'unresolved', is_regression: true, is_override: true });
    expect(statusIn(view, 'production')).toMatchObject({ status: 'unresolved', is_regression: false });
    const whole = (await gw.api.get(groups(`/${queueGroup}`), viewer)).body;
    expect(whole).toMatchObject({ status: 'unresolved', is_regression: false });
  });

  it('a group resolved everywhere is not reopened by a log of an environment that has a status of its own', async () => {
    await gw.api.request('PATCH', groups(`/${queueGroup}`), { token: editor, json: { status: 'resolved' } });
    const cleared = (await gw.api.get(groups(`/${queueGroup}`), viewer)).body;
    expect(cleared.environment_statuses.every((e: any) => e.status === 'resolved' && !e.is_override)).toBe(true);
    await gw.api.request('PATCH', groups(`/${queueGroup}`), { token: editor, json: { status: 'ignored', environment: 'staging' } });

    const staging = await seed(projectId, [queue(Date.now(), 'staging')]);
    expect(staging.groups[0]).toMatchObject({ regressed: false, regressedEnvironments: [], status: 'resolved' });
    expect((await gw.api.get(groups(`/${queueGroup}?environment=staging`), viewer)).body.status).toBe('ignored');

    const prod = await seed(projectId, [queue(Date.now(), 'production')]);
    expect(prod.groups[0]).toMatchObject({ regressed: true, status: 'unresolved' });
    expect((await gw.api.get(groups(`/${queueGroup}?environment=production`), viewer)).body).toMatchObject({ status: 'unresolved', is_regression: true });
    expect((await gw.api.get(groups(`/${queueGroup}?environment=staging`), viewer)).body.status).toBe('ignored');
  });

  it('refuses an environment the group was never seen in, and a bad one, with a Turkish detail', async () => {
    const unseen = await gw.api.request('PATCH', groups(`/${queueGroup}`), { token: editor, json: { status: 'resolved', environment: 'development' } });
    expect(unseen.status).toBe(422);
    expect(unseen.body.detail).toBe('Bu grup bu ortamda hiç görülmedi.');
    const bad = await gw.api.request('PATCH', groups(`/${queueGroup}`), { token: editor, json: { status: 'resolved', environment: 'a b' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('Geçersiz ortam adı.');
    const other = await gw.api.request('PATCH', groups(`/${otherGroupId}`), { token: owner, json: { status: 'resolved', environment: 'production' } });
    expect(other.status).toBe(404);
  });
});

describe('group notes', () => {
  it('are written by editors and read by viewers', async () => {
    const added = await gw.api.post(groups(`/${loginGroup}/notes`), { text: '  Giriş servisi izleniyor.  ' }, editor);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ _id: expect.any(String), id: added.body._id, text: 'Giriş servisi izleniyor.', author: { username: 'editor' }, created_at: expect.any(String) });
    expect((await gw.api.post(groups(`/${loginGroup}/notes`), { text: 'izleyici notu' }, viewer)).status).toBe(403);
    expect((await gw.api.post(groups(`/${loginGroup}/notes`), { text: '   ' }, editor)).body.detail).toBe('Not metni gereklidir.');
    expect((await gw.api.post(groups(`/${loginGroup}/notes`), { text: 'x'.repeat(2001) }, editor)).body.detail).toBe('Not en fazla 2000 karakter olabilir.');
    await gw.api.post(groups(`/${loginGroup}/notes`), { text: 'İkinci not' }, owner);
    const notes = await gw.api.get(groups(`/${loginGroup}/notes`), viewer);
    expect(notes.body.map((n: any) => [n.author.username, n.text])).toEqual([
      ['editor', 'Giriş servisi izleniyor.'],
      ['sahip', 'İkinci not'],
    ]);
  });
});

describe('DELETE /projects/:id/groups/:groupId', () => {
  it('is for admins, and removes the group, its logs and their counts', async () => {
    expect((await gw.api.delete(groups(`/${loginGroup}`), editor)).status).toBe(403);
    const before = (await gw.api.get(`/api/v1/projects/${projectId}/logs/`, owner)).body;
    expect((await gw.api.delete(groups(`/${loginGroup}`), owner)).status).toBe(204);
    expect((await gw.api.get(groups(`/${loginGroup}`), owner)).status).toBe(404);
    const after = (await gw.api.get(`/api/v1/projects/${projectId}/logs/`, owner)).body;
    expect(after.total).toBe(before.total - 3);
    expect(after.items.some((l: any) => l.group_id === loginGroup)).toBe(false);
    expect(after.counts).toMatchObject({ warning: before.counts.warning - 1, info: before.counts.info - 2 });
    const { rows } = await gw.deps.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE group_id = $1`, [loginGroup]);
    expect(rows[0]!.n).toBe(0);
    expect((await gw.api.delete(groups(`/${loginGroup}`), owner)).status).toBe(404);
  });
});

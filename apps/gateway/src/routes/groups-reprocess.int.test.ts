import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';
import { logSeeder } from './logs-test-seed.js';

/** POST /projects/:id/groups/:groupId/reprocess on real PostgreSQL: counters rebuilt from the stored logs. */
let gw: TestGateway;
let owner: string;
let editor: string;
let viewer: string;
let stranger: string;
let projectId: string;
let groupId: string;
let otherGroupId: string;
const HOUR = 3_600_000;
const now = Date.now();
const first = now - 30 * HOUR;
const last = now - HOUR;

beforeAll(async () => {
  gw = await startTestGateway();
  const seed = logSeeder(gw);
  await gw.api.signUp('operator'); // the first account is the global admin
  ({ token: owner } = await gw.api.signUp('sahip'));
  const ed = await gw.api.signUp('editor');
  const vw = await gw.api.signUp('izleyici');
  const other = await gw.api.signUp('yabanci');
  [editor, viewer, stranger] = [ed.token, vw.token, other.token];
  projectId = (await gw.api.createProject(owner, 'Mağaza', ['production', 'staging'])).id;
  await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: ed.user.id, role: 'editor' }, owner);
  await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: vw.user.id, role: 'viewer' }, owner);
  const payment = (at: number, level: 'WARNING' | 'ERROR' | 'CRITICAL', environment: string, user: number | null, tags: string[]) => ({
    message: 'Ödeme alınamadı',
    level,
    environment,
    at,
    tags,
    context: user === null ? null : { user: { id: user } },
    exception: { type: 'CardDeclinedError', value: 'Kart reddedildi', frames: [{ filename: 'pay.py', function: 'charge', module: 'shop.pay', in_app: true }] },
  });
  const seeded = await seed(projectId, [
    payment(first, 'WARNING', 'staging', 7, ['odeme']),
    payment(now - 20 * HOUR, 'CRITICAL', 'production', 8, ['odeme', 'kart']),
    payment(now - 10 * HOUR, 'ERROR', 'production', null, []),
    payment(last, 'ERROR', 'production', 7, ['mobil']),
  ]);
  groupId = seeded.groups[0]!.groupId;
  expect(new Set(seeded.groups.map((g) => g.groupId)).size).toBe(1);
  const otherProject = (await gw.api.createProject(other.token, 'Başkası')).id;
  otherGroupId = (await seed(otherProject, [{ message: 'Başka kiracı hatası', level: 'ERROR', at: now - HOUR }])).groups[0]!.groupId;
});
afterAll(() => gw?.close());

const reprocess = (group = groupId, project = projectId) => `/api/v1/projects/${project}/groups/${group}/reprocess`;

describe('POST /projects/:id/groups/:groupId/reprocess', () => {
  it('rebuilds a corrupted group from its logs', async () => {
    await gw.deps.database.sql.query(
      `UPDATE log_groups SET count = 999, first_seen = now(), last_seen = now() - interval '90 days', level = 'DEBUG',
              environments = '{}', tags = '{bozuk}', users_affected = '{id:1,id:2,id:3}', last_log_id = NULL, status = 'resolved'
       WHERE id = $1`,
      [groupId],
    );
    const { status, body } = await gw.api.post(reprocess(), undefined, editor);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: groupId,
      count: 4,
      first_seen: new Date(first).toISOString(),
      last_seen: new Date(last).toISOString(),
      level: 'CRITICAL',
      severity: 'high',
      environments: ['production', 'staging'],
      tags: ['kart', 'mobil', 'odeme'],
      users_count: 2,
      status: 'resolved', // triage state is not a projection: it stays
    });
    expect([...body.users_affected].sort()).toEqual(['id:7', 'id:8']);
    const { rows } = await gw.deps.database.sql.query<{ id: string }>(`SELECT id FROM logs WHERE group_id = $1 ORDER BY timestamp DESC LIMIT 1`, [groupId]);
    expect(body.last_log_id).toBe(rows[0]!.id);
    // The detail reads the rebuilt row.
    expect((await gw.api.get(`/api/v1/projects/${projectId}/groups/${groupId}`, viewer)).body).toMatchObject({ count: 4, level: 'CRITICAL' });
  });

  it('is for editors and up: viewers get 403, outsiders 404, another project’s group 404', async () => {
    expect((await gw.api.post(reprocess(), undefined, viewer)).status).toBe(403);
    const outsider = await gw.api.post(reprocess(), undefined, stranger);
    expect(outsider.status).toBe(404);
    expect(outsider.body.code).toBe('NOT_FOUND');
    expect((await gw.api.post(reprocess(otherGroupId), undefined, owner)).status).toBe(404);
    expect((await gw.api.post(reprocess('not-a-uuid'), undefined, owner)).status).toBe(404);
    expect((await gw.api.post(reprocess(), undefined)).status).toBe(401);
    expect((await gw.api.post(reprocess(), undefined, owner)).status).toBe(200);
    // The other tenant's group was not touched by the refused call.
    const { rows } = await gw.deps.database.sql.query<{ count: number }>(`SELECT count FROM log_groups WHERE id = $1`, [otherGroupId]);
    expect(rows[0]!.count).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

/**
 * Every project-scoped route × every kind of caller → the status the server must answer.
 * Each case gets a fresh project (owner + viewer + editor + admin + one extra member) so that
 * a mutation in one case cannot change another's outcome.
 */
type Caller = 'nonMember' | 'viewer' | 'editor' | 'admin' | 'owner' | 'globalAdmin';
const CALLERS: Caller[] = ['nonMember', 'viewer', 'editor', 'admin', 'owner', 'globalAdmin'];

interface Fixture {
  projectId: string;
  keyId: string;
  targetId: string;
}
interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** Success status and the lowest caller allowed ('viewer' < 'editor' < 'admin' < 'owner'). */
  ok: number;
  minimum: 'viewer' | 'editor' | 'admin' | 'owner';
}

let candidateId = '';
const ROUTES: RouteCase[] = [
  { name: 'read project', method: 'GET', path: (f) => `/api/v1/projects/${f.projectId}`, ok: 200, minimum: 'viewer' },
  { name: 'update project', method: 'PUT', path: (f) => `/api/v1/projects/${f.projectId}`, body: () => ({ name: 'Yeni Ad' }), ok: 200, minimum: 'admin' },
  { name: 'delete project', method: 'DELETE', path: (f) => `/api/v1/projects/${f.projectId}`, ok: 204, minimum: 'owner' },
  { name: 'list API keys', method: 'GET', path: (f) => `/api/v1/projects/${f.projectId}/api-keys/`, ok: 200, minimum: 'viewer' },
  { name: 'create API key', method: 'POST', path: (f) => `/api/v1/projects/${f.projectId}/api-keys/`, body: () => ({ name: 'Yeni anahtar' }), ok: 201, minimum: 'admin' },
  { name: 'deactivate API key', method: 'PUT', path: (f) => `/api/v1/projects/${f.projectId}/api-keys/${f.keyId}/deactivate`, ok: 200, minimum: 'admin' },
  { name: 'activate API key', method: 'PUT', path: (f) => `/api/v1/projects/${f.projectId}/api-keys/${f.keyId}/activate`, ok: 200, minimum: 'admin' },
  { name: 'delete API key', method: 'DELETE', path: (f) => `/api/v1/projects/${f.projectId}/api-keys/${f.keyId}`, ok: 204, minimum: 'admin' },
  { name: 'list members', method: 'GET', path: (f) => `/api/v1/projects/${f.projectId}/members`, ok: 200, minimum: 'viewer' },
  { name: 'add member', method: 'POST', path: (f) => `/api/v1/projects/${f.projectId}/members`, body: () => ({ user_id: candidateId, role: 'viewer' }), ok: 201, minimum: 'admin' },
  { name: 'change member role', method: 'PUT', path: (f) => `/api/v1/projects/${f.projectId}/members/${f.targetId}`, body: () => ({ role: 'editor' }), ok: 200, minimum: 'admin' },
  { name: 'remove member', method: 'DELETE', path: (f) => `/api/v1/projects/${f.projectId}/members/${f.targetId}`, ok: 204, minimum: 'admin' },
  { name: 'log fields', method: 'GET', path: (f) => `/api/v1/projects/${f.projectId}/logs/fields`, ok: 200, minimum: 'viewer' },
  { name: 'list saved views', method: 'GET', path: (f) => `/api/v1/projects/${f.projectId}/views`, ok: 200, minimum: 'viewer' },
  { name: 'create saved view', method: 'POST', path: (f) => `/api/v1/projects/${f.projectId}/views`, body: () => ({ name: 'Hatalar', query: 'level:>=error' }), ok: 201, minimum: 'editor' },
];

const RANK = { viewer: 0, editor: 1, admin: 2, owner: 3 } as const;
function expectedStatus(route: RouteCase, caller: Caller): number {
  if (caller === 'nonMember') return 404;
  if (caller === 'globalAdmin') return route.ok;
  return RANK[caller] >= RANK[route.minimum] ? route.ok : 403;
}

let gw: TestGateway;
const tokens = {} as Record<Caller, string>;
const ids = {} as Record<Caller | 'target', string>;

beforeAll(async () => {
  gw = await startTestGateway();
  for (const caller of ['globalAdmin', 'owner', 'viewer', 'editor', 'admin', 'nonMember'] as const) {
    const { token, user } = await gw.api.signUp(`m_${caller.toLowerCase()}`);
    tokens[caller] = token;
    ids[caller] = user.id;
  }
  ids.target = (await gw.api.signUp('m_target')).user.id;
  candidateId = (await gw.api.signUp('m_candidate')).user.id;
});
afterAll(() => gw?.close());

async function freshFixture(): Promise<Fixture> {
  const project = await gw.api.createProject(tokens.owner, 'Yetki Matrisi');
  for (const [who, role] of [
    ['viewer', 'viewer'],
    ['editor', 'editor'],
    ['admin', 'admin'],
    ['target', 'viewer'],
  ] as const) {
    const added = await gw.api.post(`/api/v1/projects/${project.id}/members`, { user_id: ids[who], role }, tokens.owner);
    if (added.status !== 201) throw new Error(`fixture: ${added.status}`);
  }
  const key = await gw.api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Matris anahtarı' }, tokens.owner);
  return { projectId: project.id, keyId: key.body.id, targetId: ids.target };
}

describe('permission matrix', () => {
  it('the first user is the global admin', async () => {
    expect((await gw.api.get('/api/v1/auth/me', tokens.globalAdmin)).body.is_admin).toBe(true);
    expect((await gw.api.get('/api/v1/auth/me', tokens.owner)).body.is_admin).toBe(false);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.name}: ${CALLERS.map((c) => `${c} ${expectedStatus(route, c)}`).join(', ')}`, async () => {
      const actual: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const caller of CALLERS) {
        const fixture = await freshFixture();
        const response = await gw.api.request(route.method, route.path(fixture), { token: tokens[caller], json: route.body?.(fixture) });
        actual[caller] = response.status;
        expected[caller] = expectedStatus(route, caller);
        if (response.status === 403) expect(response.body).toEqual({ detail: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' });
        if (response.status === 404) expect(response.body.code).toBe('NOT_FOUND');
      }
      expect(actual).toEqual(expected);
    });
  }

  it('every route refuses an anonymous caller with 401', async () => {
    const fixture = await freshFixture();
    for (const route of ROUTES) {
      const response = await gw.api.request(route.method, route.path(fixture), { json: route.body?.(fixture) });
      expect(response.status, route.name).toBe(401);
    }
  });
});

import { SERVER_MESSAGES, TEAM_MESSAGES } from '@seyir/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

let gw: TestGateway;
let owner: Awaited<ReturnType<TestGateway['api']['signUp']>>;
let projectId: string;
beforeAll(async () => {
  gw = await startTestGateway();
  owner = await gw.api.signUp('ekipbasi');
  projectId = (await gw.api.createProject(owner.token, 'Ekip Projesi')).id;
});
afterAll(() => gw?.close());

const members = () => `/api/v1/projects/${projectId}/members`;

describe('team members', () => {
  it('adds a member as viewer by default and lists the team with the owner flagged', async () => {
    const member = await gw.api.signUp('uye1');
    const added = await gw.api.post(members(), { user_id: member.user.id }, owner.token);
    expect(added.status).toBe(201);
    const team = (await gw.api.get(members(), owner.token)).body;
    expect(team).toEqual([
      { user_id: owner.user.id, username: 'ekipbasi', email: 'ekipbasi@example.com', role: 'admin', is_owner: true },
      { user_id: member.user.id, username: 'uye1', email: 'uye1@example.com', role: 'viewer', is_owner: false },
    ]);
    const seen = await gw.api.get('/api/v1/projects/', member.token);
    expect(seen.body.map((p: { id: string; my_role: string }) => [p.id, p.my_role])).toEqual([[projectId, 'viewer']]);
  });

  it('refuses a duplicate member, an unknown user, a bad role and a missing user id', async () => {
    const member = await gw.api.signUp('uye2');
    await gw.api.post(members(), { user_id: member.user.id, role: 'editor' }, owner.token);
    const again = await gw.api.post(members(), { user_id: member.user.id }, owner.token);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(SERVER_MESSAGES.memberExists);
    const unknown = await gw.api.post(members(), { user_id: '00000000-0000-4000-8000-000000000000' }, owner.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Kullanıcı bulunamadı');
    const role = await gw.api.post(members(), { user_id: member.user.id, role: 'owner' }, owner.token);
    expect(role.status).toBe(422);
    expect(role.body.fields.role).toBe(TEAM_MESSAGES.roleInvalid);
    const missing = await gw.api.post(members(), {}, owner.token);
    expect(missing.body.fields.user_id).toBe('Lütfen bir kullanıcı seçin');
  });

  it('changes a role and removes a member, who then loses access at once', async () => {
    const member = await gw.api.signUp('uye3');
    await gw.api.post(members(), { user_id: member.user.id }, owner.token);
    expect((await gw.api.get(`/api/v1/projects/${projectId}`, member.token)).status).toBe(200);
    const promoted = await gw.api.put(`${members()}/${member.user.id}`, { role: 'admin' }, owner.token);
    expect(promoted.body.find((m: { user_id: string }) => m.user_id === member.user.id).role).toBe('admin');
    expect((await gw.api.delete(`${members()}/${member.user.id}`, owner.token)).status).toBe(204);
    expect((await gw.api.get(`/api/v1/projects/${projectId}`, member.token)).status).toBe(404);
  });

  it('never removes the owner, not even by a project admin', async () => {
    const admin = await gw.api.signUp('uye4');
    await gw.api.post(members(), { user_id: admin.user.id, role: 'admin' }, owner.token);
    const response = await gw.api.delete(`${members()}/${owner.user.id}`, admin.token);
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe(SERVER_MESSAGES.ownerCannotBeRemoved);
    expect((await gw.api.put(`${members()}/${owner.user.id}`, { role: 'viewer' }, admin.token)).status).toBe(409);
  });
});

describe('user search', () => {
  it('needs at least 2 characters', async () => {
    for (const q of ['', 'a', ' a ']) {
      const response = await gw.api.get(`/api/v1/users/search?q=${encodeURIComponent(q)}`, owner.token);
      expect(response.status).toBe(422);
      expect(response.body.detail).toBe('Arama için en az 2 karakter girmelisiniz');
    }
    expect((await gw.api.get('/api/v1/users/search', owner.token)).status).toBe(422);
  });

  it('matches username or e-mail with Turkish case rules, answering only public fields', async () => {
    await gw.api.signUp('IŞIK', { email: 'isik@ornek.com.tr' });
    for (const q of ['ışık', 'IŞIK', 'işık', 'ornek.com']) {
      const response = await gw.api.get(`/api/v1/users/search?q=${encodeURIComponent(q)}`, owner.token);
      expect(response.status).toBe(200);
      expect(response.body.map((u: { username: string }) => u.username), q).toContain('IŞIK');
    }
    const [hit] = (await gw.api.get('/api/v1/users/search?q=ornek', owner.token)).body;
    expect(Object.keys(hit).sort()).toEqual(['_id', 'email', 'id', 'username']);
  });

  it('treats LIKE wildcards literally and answers at most 20 users', async () => {
    expect((await gw.api.get('/api/v1/users/search?q=%25%25', owner.token)).body).toEqual([]);
    for (let i = 0; i < 22; i++) await gw.api.post('/api/v1/auth/register', { username: `toplu${i}`, email: `toplu${i}@example.com`, password: 'parola1234', passwordConfirm: 'parola1234', terms: true });
    const response = await gw.api.get('/api/v1/users/search?q=toplu', owner.token);
    expect(response.body).toHaveLength(20);
  });

  it('requires a signed-in user', async () => {
    expect((await gw.api.get('/api/v1/users/search?q=uye')).status).toBe(401);
  });
});

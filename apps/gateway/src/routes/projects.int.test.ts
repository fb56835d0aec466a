import { PROJECT_MESSAGES } from '@seyir/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

let gw: TestGateway;
let owner: { token: string; user: { id: string } };
let stranger: { token: string; user: { id: string } };
beforeAll(async () => {
  gw = await startTestGateway();
  await gw.api.signUp('yonetici'); // the instance admin, kept out of the way
  owner = await gw.api.signUp('sahip');
  stranger = await gw.api.signUp('yabanci');
});
afterAll(() => gw?.close());

describe('projects', () => {
  it('creates a project with the default environments and the creator as owner', async () => {
    const response = await gw.api.post('/api/v1/projects/', { name: '  Ödeme Servisi ' }, owner.token);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Ödeme Servisi',
      environments: ['production', 'staging', 'development'],
      owner_id: owner.user.id,
      my_role: 'owner',
      team_members: [{ user_id: owner.user.id, username: 'sahip', email: 'sahip@example.com', role: 'admin', is_owner: true }],
    });
    expect(response.body._id).toBe(response.body.id);
    expect(new Date(response.body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('trims, lower-cases (Turkish) and de-duplicates environments', async () => {
    const response = await gw.api.post('/api/v1/projects/', { name: 'Ortamlar', environments: [' Production', 'PRODUCTION', 'QA', '', 'İSTANBUL'] }, owner.token);
    expect(response.status).toBe(201);
    expect(response.body.environments).toEqual(['production', 'qa', 'istanbul']);
    const bad = await gw.api.post('/api/v1/projects/', { name: 'Ortamlar', environments: ['iki kelime'] }, owner.token);
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe(PROJECT_MESSAGES.environmentInvalid);
  });

  it('answers the §5 project name rules with their exact messages', async () => {
    const cases: [unknown, string][] = [
      ['', 'Proje adı gereklidir'],
      [undefined, 'Proje adı gereklidir'],
      ['ab', 'Proje adı en az 3 karakter olmalıdır'],
      ['x'.repeat(51), 'Proje adı en fazla 50 karakter olabilir'],
    ];
    for (const [name, message] of cases) {
      const response = await gw.api.post('/api/v1/projects/', { name }, owner.token);
      expect(response.status).toBe(422);
      expect(response.body.fields.name).toBe(message);
    }
  });

  it('lists only the projects the caller belongs to', async () => {
    const mine = await gw.api.get('/api/v1/projects/', owner.token);
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThanOrEqual(2);
    expect(mine.body.every((p: { owner_id: string }) => p.owner_id === owner.user.id)).toBe(true);
    const theirs = await gw.api.get('/api/v1/projects/', stranger.token);
    expect(theirs.body).toEqual([]);
  });

  it('updates name and environments, and deletes the project', async () => {
    const project = await gw.api.createProject(owner.token, 'Geçici');
    const updated = await gw.api.put(`/api/v1/projects/${project.id}`, { name: 'Kalıcı', environments: ['prod'] }, owner.token);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Kalıcı', environments: ['prod'] });
    expect((await gw.api.get(`/api/v1/projects/${project.id}`, owner.token)).body.name).toBe('Kalıcı');
    expect((await gw.api.delete(`/api/v1/projects/${project.id}`, owner.token)).status).toBe(204);
    expect((await gw.api.get(`/api/v1/projects/${project.id}`, owner.token)).status).toBe(404);
  });

  it('hides another tenant’s project behind 404, the same as a project that does not exist', async () => {
    const project = await gw.api.createProject(owner.token, 'Gizli');
    for (const path of [`/api/v1/projects/${project.id}`, '/api/v1/projects/00000000-0000-4000-8000-000000000000', '/api/v1/projects/not-a-uuid']) {
      const response = await gw.api.get(path, stranger.token);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Proje bulunamadı.', code: 'NOT_FOUND' });
    }
    expect((await gw.api.put(`/api/v1/projects/${project.id}`, { name: 'Ele geçirildi' }, stranger.token)).status).toBe(404);
    expect((await gw.api.delete(`/api/v1/projects/${project.id}`, stranger.token)).status).toBe(404);
    expect((await gw.api.get(`/api/v1/projects/${project.id}`, owner.token)).body.name).toBe('Gizli');
  });
});

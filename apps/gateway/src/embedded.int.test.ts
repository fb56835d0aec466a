import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestGateway } from './test/test-gateway.js';

const dataDir = mkdtempSync(join(tmpdir(), 'seyir-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded mode (PGlite, no database server)', () => {
  it('runs the main flows and keeps every record and session across a restart', async () => {
    const first = await startTestGateway({ database: 'pglite', dataDir });
    let token: string;
    let projectId: string;
    let key: string;
    try {
      expect((await first.api.get('/readyz')).body).toEqual({ status: 'ok', checks: { database: 'ok' } });
      const owner = await first.api.signUp('gomulu');
      expect(owner.user.is_admin).toBe(true);
      const viewer = await first.api.signUp('izleyici');
      token = owner.token;
      const project = await first.api.createProject(token, 'Gömülü Proje', ['production', 'Staging']);
      projectId = project.id;
      expect(project.environments).toEqual(['production', 'staging']);
      const created = await first.api.post(`/api/v1/projects/${projectId}/api-keys/`, { name: 'Gömülü anahtar' }, token);
      key = created.body.key;
      expect((await first.api.post(`/api/v1/projects/${projectId}/members`, { user_id: viewer.user.id }, token)).status).toBe(201);
      const viewerUpdate = await first.api.put(`/api/v1/projects/${projectId}`, { name: 'Olmaz' }, viewer.token);
      expect(viewerUpdate.status).toBe(403);
      expect((await first.api.get('/api/v1/users/search?q=izle', token)).body).toHaveLength(1);
    } finally {
      await first.close();
    }
    const secret = readFileSync(join(dataDir, 'jwt-secret'), 'utf8');

    const second = await startTestGateway({ database: 'pglite', dataDir });
    try {
      expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
      // The session issued before the restart is still valid: same secret, same users.
      const me = await second.api.get('/api/v1/auth/me', token);
      expect(me.status).toBe(200);
      expect(me.body.username).toBe('gomulu');
      const project = await second.api.get(`/api/v1/projects/${projectId}`, token);
      expect(project.body).toMatchObject({ name: 'Gömülü Proje', environments: ['production', 'staging'] });
      expect(project.body.team_members.map((m: { username: string; role: string }) => `${m.username}:${m.role}`)).toEqual(['gomulu:admin', 'izleyici:viewer']);
      const keys = await second.api.get(`/api/v1/projects/${projectId}/api-keys/`, token);
      expect(keys.body[0].key).toBe(`${key.slice(0, 8)}${'•'.repeat(12)}${key.slice(-4)}`);
      expect(await second.api.login('izleyici', 'parola1234')).toBeTruthy();
    } finally {
      await second.close();
    }
  });
});

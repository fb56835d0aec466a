import { API_KEY_MESSAGES } from '@seyir/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

let gw: TestGateway;
let token: string;
let projectId: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ token } = await gw.api.signUp('anahtarci'));
  projectId = (await gw.api.createProject(token, 'Anahtarlar')).id;
});
afterAll(() => gw?.close());

const base = () => `/api/v1/projects/${projectId}/api-keys/`;

describe('API keys', () => {
  it('shows the full key once at creation, then only its first 8 and last 4 characters', async () => {
    const created = await gw.api.post(base(), { name: 'Üretim sunucusu' }, token);
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    expect(key).toMatch(/^seyir_[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(created.body).toMatchObject({ name: 'Üretim sunucusu', is_active: true, last_used: null });

    const list = await gw.api.get(base(), token);
    expect(list.status).toBe(200);
    const listed = list.body.find((k: { id: string }) => k.id === created.body.id);
    expect(listed.key).toBe(`${key.slice(0, 8)}${'•'.repeat(12)}${key.slice(-4)}`);
    expect(JSON.stringify(list.body)).not.toContain(key.slice(8, -4));
  });

  it('stores only a hash of the key, never the key itself', async () => {
    const created = await gw.api.post(base(), { name: 'Hash kontrolü' }, token);
    const { Client } = await import('pg');
    const client = new Client({ connectionString: gw.databaseUrl });
    await client.connect();
    try {
      const dump = await client.query('SELECT row_to_json(k)::text AS row FROM api_keys k');
      expect(dump.rows.map((r) => r.row).join('\n')).not.toContain(created.body.key.slice(8, -4));
    } finally {
      await client.end();
    }
  });

  it('deactivates, activates and deletes a key, answering the key as it is now', async () => {
    const created = await gw.api.post(base(), { name: 'Geçici anahtar' }, token);
    const off = await gw.api.put(`${base()}${created.body.id}/deactivate`, {}, token);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: created.body.id, is_active: false });
    expect(off.body.key).not.toBe(created.body.key);
    const on = await gw.api.put(`${base()}${created.body.id}/activate`, {}, token);
    expect(on.body.is_active).toBe(true);
    expect((await gw.api.delete(`${base()}${created.body.id}`, token)).status).toBe(204);
    expect((await gw.api.get(base(), token)).body.some((k: { id: string }) => k.id === created.body.id)).toBe(false);
    expect((await gw.api.delete(`${base()}${created.body.id}`, token)).status).toBe(404);
  });

  it('answers the §5 key name rules with their exact messages', async () => {
    const cases: [unknown, string][] = [
      ['', API_KEY_MESSAGES.nameRequired],
      ['ab', 'API anahtarı adı en az 3 karakter olmalıdır'],
      ['x'.repeat(51), 'API anahtarı adı en fazla 50 karakter olabilir'],
    ];
    for (const [name, message] of cases) {
      const response = await gw.api.post(base(), { name }, token);
      expect(response.status).toBe(422);
      expect(response.body.fields.name).toBe(message);
    }
  });

  it('cannot reach a key through another project of the same user', async () => {
    const created = await gw.api.post(base(), { name: 'Bu projenin' }, token);
    const other = await gw.api.createProject(token, 'Başka proje');
    const response = await gw.api.put(`/api/v1/projects/${other.id}/api-keys/${created.body.id}/deactivate`, {}, token);
    expect(response.status).toBe(404);
    expect((await gw.api.get(base(), token)).body.find((k: { id: string }) => k.id === created.body.id).is_active).toBe(true);
  });
});

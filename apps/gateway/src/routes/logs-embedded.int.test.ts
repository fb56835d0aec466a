import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

/** The read side in embedded mode (PGlite): ingest runs inline, the same queries answer. */
let gw: TestGateway;
let token: string;
let projectId: string;

beforeAll(async () => {
  gw = await startTestGateway({ database: 'pglite' });
  ({ token } = await gw.api.signUp('gomulu'));
  projectId = (await gw.api.createProject(token, 'Gömülü', ['production'])).id;
  const key = (await gw.api.post(`/api/v1/projects/${projectId}/api-keys/`, { name: 'Gönderici' }, token)).body.key;
  const sent = await gw.api.request('POST', '/api/ingest/batch', {
    headers: { 'x-seyir-key': key },
    json: [
      { message: 'IŞIK yandı', level: 'warning', tags: ['iot'], metadata: { user_id: 42, roles: ['admin'] } },
      { message: 'istanbul şubesi açıldı', context: { order: { id: 'A-17' } }, response: { status_code: 503 } },
      { message: 'Ödeme hatası', level: 'error', exception: { type: 'ValueError', value: 'geçersiz tutar' } },
    ],
  });
  expect(sent.status).toBe(202);
});
afterAll(() => gw?.close());

describe('read side on PGlite', () => {
  it('answers the search language (q), its field summary and saved views', async () => {
    const base = `/api/v1/projects/${projectId}`;
    const found = async (q: string) => (await gw.api.get(`${base}/logs/?${new URLSearchParams({ q })}`, token)).body.items.map((l: any) => l.message).sort();
    expect(await found('metadata.user_id:42')).toEqual(['IŞIK yandı']);
    expect(await found('metadata.roles:admin tags:io*')).toEqual(['IŞIK yandı']);
    expect(await found('context.order.id:"A-17" OR level:error')).toEqual(['istanbul şubesi açıldı', 'Ödeme hatası']);
    expect(await found('response.status_code:>=500 -has:exception since:1h')).toEqual(['istanbul şubesi açıldı']);
    expect((await gw.api.get(`${base}/logs/?q=${encodeURIComponent('level:(')}`, token)).status).toBe(422);
    const fields = (await gw.api.get(`${base}/logs/fields`, token)).body.fields.map((f: any) => f.key);
    expect(fields).toEqual(expect.arrayContaining(['metadata.user_id', 'tags', 'context.order.id', 'response.status_code']));
    expect((await gw.api.post(`${base}/views`, { name: 'Yöneticiler', query: 'metadata.roles:admin' }, token)).status).toBe(201);
    expect((await gw.api.get(`${base}/views`, token)).body.map((v: any) => v.name)).toEqual(['Yöneticiler']);
  });

  it('lists, searches with Turkish folding, counts and groups', async () => {
    const base = `/api/v1/projects/${projectId}`;
    expect((await gw.api.get(`${base}/logs/`, token)).body).toMatchObject({ total: 3, counts: { total: 3, error: 1, warning: 1, info: 1 } });
    expect((await gw.api.get(`${base}/logs/?search=ışık`, token)).body.items.map((l: any) => l.message)).toEqual(['IŞIK yandı']);
    expect((await gw.api.get(`${base}/logs/?search=İSTANBUL -kapandı`, token)).body.total).toBe(1);
    expect((await gw.api.get(`${base}/logs/?search=TUTAR`, token)).body.total).toBe(1);
    const groups = (await gw.api.get(`${base}/groups`, token)).body;
    expect(groups.total).toBe(3);
    expect((await gw.api.get('/api/v1/dashboard/stats', token)).body).toMatchObject({ totalLogs: 3, errorLogs: 1, todayLogs: 3, projects: 1 });
    const group = groups.items.find((g: any) => g.level === 'ERROR');
    expect((await gw.api.delete(`${base}/groups/${group._id}`, token)).status).toBe(204);
    expect((await gw.api.get(`${base}/logs/stats/summary`, token)).body).toMatchObject({ total_logs: 2, level_distribution: { INFO: 1, WARNING: 1 } });
  });
});

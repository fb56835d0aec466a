import { MAX_VIEWS_PER_PROJECT } from '@seyir/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

/** Saved views on real PostgreSQL: editors write, every member reads, others see nothing. */
let gw: TestGateway;
let owner: string;
let editor: string;
let viewer: string;
let outsider: string;
let projectId: string;
let otherProjectId: string;

beforeAll(async () => {
  gw = await startTestGateway();
  await gw.api.signUp('isletmeci');
  ({ token: owner } = await gw.api.signUp('sahip'));
  const ed = await gw.api.signUp('editor');
  const vw = await gw.api.signUp('izleyici');
  editor = ed.token;
  viewer = vw.token;
  outsider = (await gw.api.signUp('yabanci')).token;
  projectId = (await gw.api.createProject(owner, 'Mağaza')).id;
  otherProjectId = (await gw.api.createProject(outsider, 'Başka')).id;
  await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: ed.user.id, role: 'editor' }, owner);
  await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: vw.user.id, role: 'viewer' }, owner);
});
afterAll(() => gw?.close());

const views = (project = projectId) => `/api/v1/projects/${project}/views`;

describe('saved views', () => {
  it('an editor creates, edits and deletes; every member reads', async () => {
    const created = await gw.api.post(views(), { name: ' Ödeme hataları ', query: 'level:>=error tags:payments', columns: ['timestamp', 'message', 'metadata.user_id'] }, editor);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ödeme hataları', query: 'level:>=error tags:payments', columns: ['timestamp', 'message', 'metadata.user_id'], project_id: projectId });

    const read = await gw.api.get(views(), viewer);
    expect(read.status).toBe(200);
    expect(read.body.map((v: { name: string }) => v.name)).toEqual(['Ödeme hataları']);

    const edited = await gw.api.put(`${views()}/${created.body.id}`, { name: 'Ödeme', query: 'tags:payments', columns: ['message'] }, editor);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.body.id, name: 'Ödeme', query: 'tags:payments', columns: ['message'] });

    expect((await gw.api.delete(`${views()}/${created.body.id}`, editor)).status).toBe(204);
    expect((await gw.api.get(views(), viewer)).body).toEqual([]);
    expect((await gw.api.delete(`${views()}/${created.body.id}`, editor)).status).toBe(404);
  });

  it('a viewer cannot write (403); someone outside the project gets 404 for everything', async () => {
    const mine = (await gw.api.post(views(), { name: 'Kritik', query: 'level:critical' }, owner)).body;
    expect((await gw.api.post(views(), { name: 'İzleyicinin', query: '' }, viewer)).status).toBe(403);
    expect((await gw.api.put(`${views()}/${mine.id}`, { name: 'x', query: '' }, viewer)).status).toBe(403);
    expect((await gw.api.delete(`${views()}/${mine.id}`, viewer)).status).toBe(403);
    expect((await gw.api.get(views(), outsider)).status).toBe(404);
    expect((await gw.api.post(views(), { name: 'Sızma', query: '' }, outsider)).status).toBe(404);
    expect((await gw.api.put(`${views()}/${mine.id}`, { name: 'x', query: '' }, outsider)).status).toBe(404);
    expect((await gw.api.delete(`${views()}/${mine.id}`, outsider)).status).toBe(404);
    // The outsider's own project cannot reach this project's view through its id either.
    expect((await gw.api.put(`${views(otherProjectId)}/${mine.id}`, { name: 'x', query: '' }, outsider)).status).toBe(404);
    expect((await gw.api.delete(`${views(otherProjectId)}/${mine.id}`, outsider)).status).toBe(404);
    expect((await gw.api.get(views(), viewer)).body.map((v: { name: string }) => v.name)).toEqual(['Kritik']);
    await gw.api.delete(`${views()}/${mine.id}`, owner);
  });

  it('validates with Turkish details: the query must parse, names are unique per project whatever the case', async () => {
    const bad = await gw.api.post(views(), { name: 'Bozuk', query: 'level:>=nope' }, editor);
    expect(bad.status).toBe(422);
    expect(bad.body.fields.query).toBe('9. karakterde hata: Geçersiz seviye "nope"; debug, info, warning, error veya critical olmalıdır.');
    expect((await gw.api.post(views(), { query: 'a' }, editor)).body.fields.name).toBe('Görünüm adı gereklidir.');
    expect((await gw.api.post(views(), { name: 'a', query: 'a', columns: ['parola'] }, editor)).status).toBe(422);
    const columnDetail = async (columns: unknown) => {
      const res = await gw.api.post(views(), { name: 'Sütunlar', query: '', columns }, editor);
      expect(res.status, JSON.stringify(columns)).toBe(422);
      return res.body.detail;
    };
    const wrongColumn = 'Sütunlar şunlardan seçilmelidir: timestamp, level, message, environment, host, logger, release, tags, group ya da metadata.alan gibi özel bir alan.';
    expect(await columnDetail(['message', "metadata.a'b"])).toBe(wrongColumn);
    expect(await columnDetail(['metadata'])).toBe(wrongColumn);
    expect(await columnDetail([`metadata.${'a.'.repeat(8)}b`])).toBe(wrongColumn);
    expect(await columnDetail('message')).toBe(wrongColumn);
    expect(await columnDetail(Array.from({ length: 13 }, (_, i) => `metadata.k${i}`))).toBe('En fazla 12 sütun seçilebilir.');
    expect(await columnDetail(['message', 'context.order.id', 'context.order.id'])).toBe('Bir sütun yalnızca bir kez seçilebilir.');

    const first = await gw.api.post(views(), { name: 'İstanbul', query: '' }, editor);
    expect(first.status).toBe(201);
    const dup = await gw.api.post(views(), { name: 'istanbul', query: 'x' }, editor);
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('Bu projede bu adla bir görünüm zaten var.');
    const second = await gw.api.post(views(), { name: 'Ankara', query: '' }, editor);
    expect((await gw.api.put(`${views()}/${second.body.id}`, { name: 'ISTANBUL', query: '' }, editor)).status).toBe(409);
    // Another project may use the same name.
    expect((await gw.api.post(views(otherProjectId), { name: 'İstanbul', query: '' }, outsider)).status).toBe(201);
    expect((await gw.api.put(`${views()}/not-a-uuid`, { name: 'x', query: '' }, editor)).status).toBe(404);
  });

  it(`keeps at most ${MAX_VIEWS_PER_PROJECT} views per project, even against creates in parallel`, async () => {
    const project = (await gw.api.createProject(owner, 'Görünüm Sınırı')).id;
    const extra = 10;
    const results = await Promise.all(
      Array.from({ length: MAX_VIEWS_PER_PROJECT + extra }, (_, i) => gw.api.post(views(project), { name: `Görünüm ${i}`, query: `w${i}` }, owner)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_VIEWS_PER_PROJECT);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(extra);
    expect(refused[0]!.body.detail).toBe(`Bir projede en fazla ${MAX_VIEWS_PER_PROJECT} görünüm kaydedilebilir.`);
    expect((await gw.api.get(views(project), owner)).body).toHaveLength(MAX_VIEWS_PER_PROJECT);
  });
});

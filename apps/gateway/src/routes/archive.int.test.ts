import { ARCHIVE_MESSAGES } from '@seyir/domain';
import { startS3TestServer, type S3TestServer } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

let gw: TestGateway;
let s3: S3TestServer;
let owner: string;
let projectId: string;
const tokens: Record<'viewer' | 'editor' | 'admin' | 'stranger', string> = { viewer: '', editor: '', admin: '', stranger: '' };
const SECRET = 'gizli-S3-anahtari-ÇOK-gizli';

beforeAll(async () => {
  s3 = await startS3TestServer({ buckets: ['proje-arsivi'] });
  gw = await startTestGateway({ env: { SEYIR_ARCHIVE_KEY: 'a'.repeat(64) } });
  await gw.api.signUp('operator');
  owner = (await gw.api.signUp('arsivci')).token;
  projectId = (await gw.api.createProject(owner, 'Arşivli Proje')).id;
  for (const role of ['viewer', 'editor', 'admin'] as const) {
    const member = await gw.api.signUp(`uye_${role}`);
    await gw.api.post(`/api/v1/projects/${projectId}/members`, { user_id: member.user.id, role }, owner);
    tokens[role] = member.token;
  }
  tokens.stranger = (await gw.api.signUp('yabanci')).token;
});
afterAll(async () => {
  await gw?.close();
  await s3?.stop();
});

const path = () => `/api/v1/projects/${projectId}/archive`;
const settings = (extra: Record<string, unknown> = {}) => ({
  endpoint: `${s3.endpoint}/`,
  bucket: 'proje-arsivi',
  prefix: '/seyir/loglar/',
  access_key_id: s3.accessKeyId,
  secret_access_key: SECRET,
  ...extra,
});

describe('project archive settings', () => {
  it('saves S3 settings after proving them, never answers the secret, and stores it encrypted', async () => {
    expect((await gw.api.get(path(), owner)).body).toEqual({ configured: false });
    const saved = await gw.api.put(path(), settings(), tokens.admin);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      configured: true,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'proje-arsivi',
      prefix: 'seyir/loglar',
      access_key_id: s3.accessKeyId,
      has_secret: true,
      last_archived_at: null,
      last_error: null,
    });
    const read = await gw.api.get(path(), owner);
    expect(read.body).toEqual(saved.body);
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    const stored = (await gw.deps.database.sql.query<{ secret_encrypted: string }>('SELECT secret_encrypted FROM project_archives WHERE project_id = $1', [projectId])).rows[0]!;
    expect(stored.secret_encrypted).toMatch(/^v1:/);
    expect(stored.secret_encrypted).not.toContain('gizli');

    // an update without the secret keeps the stored one (and still proves the settings)
    const renamed = await gw.api.put(path(), settings({ prefix: 'baska', secret_access_key: undefined }), owner);
    expect(renamed).toMatchObject({ status: 200, body: { prefix: 'baska' } });
    expect((await gw.api.post(`${path()}/test`, {}, owner)).body).toEqual({ detail: ARCHIVE_MESSAGES.testOk });
  });

  it('refuses settings the store rejects, in Turkish, and keeps the previous ones', async () => {
    const bad = await gw.api.put(path(), settings({ bucket: 'olmayan-kova' }), owner);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^Arşiv deposuna yazılamadı: .*(NoSuchBucket|404)/);
    expect((await gw.api.get(path(), owner)).body.bucket).toBe('proje-arsivi');
  });

  it('validates every field with a Turkish message', async () => {
    const invalid = await gw.api.put(path(), { endpoint: 'ftp://x', bucket: 'A_B', prefix: '../yukari', access_key_id: '', secret_access_key: '' }, owner);
    expect(invalid.status).toBe(422);
    expect(invalid.body.fields).toMatchObject({
      endpoint: ARCHIVE_MESSAGES.endpointInvalid,
      bucket: ARCHIVE_MESSAGES.bucketInvalid,
      prefix: ARCHIVE_MESSAGES.prefixInvalid,
      access_key_id: ARCHIVE_MESSAGES.accessKeyRequired,
      secret_access_key: ARCHIVE_MESSAGES.secretRequired,
    });
    const metadata = await gw.api.put(path(), settings({ endpoint: 'http://169.254.169.254' }), owner);
    expect(metadata).toMatchObject({ status: 422, body: { fields: { endpoint: ARCHIVE_MESSAGES.endpointInvalid } } });
  });

  it('lets only project admins see or change it; outsiders get 404', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      expect((await gw.api.get(path(), tokens[role])).status).toBe(403);
      expect((await gw.api.put(path(), settings(), tokens[role])).status).toBe(403);
      expect((await gw.api.delete(path(), tokens[role])).status).toBe(403);
      expect((await gw.api.post(`${path()}/test`, {}, tokens[role])).status).toBe(403);
    }
    expect((await gw.api.get(path(), tokens.stranger)).status).toBe(404);
    expect((await gw.api.put(path(), settings(), tokens.stranger)).status).toBe(404);
    expect((await gw.api.get(path())).status).toBe(401);
  });

  it('removes the settings', async () => {
    expect((await gw.api.delete(path(), owner)).status).toBe(204);
    expect((await gw.api.get(path(), owner)).body).toEqual({ configured: false });
    expect((await gw.api.delete(path(), owner)).status).toBe(404);
    expect((await gw.api.post(`${path()}/test`, {}, owner)).body.detail).toBe(ARCHIVE_MESSAGES.notConfigured);
    // a new configuration needs the secret again
    const noSecret = await gw.api.put(path(), settings({ secret_access_key: undefined }), owner);
    expect(noSecret).toMatchObject({ status: 422, body: { detail: ARCHIVE_MESSAGES.secretRequired } });
  });
});

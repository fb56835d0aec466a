import { startS3TestServer, type S3TestServer } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

/** Embedded mode (PGlite, one process): plans, usage and archive settings work the same. */
let gw: TestGateway;
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ buckets: ['gomulu'] });
  gw = await startTestGateway({ database: 'pglite', env: { SEYIR_ENFORCE_PLAN_LIMITS: 'true', SEYIR_BETA: 'false' } });
  await gw.api.signUp('operator');
});
afterAll(async () => {
  await gw?.close();
  await s3?.stop();
});

describe('embedded mode', () => {
  it('enforces the project count, quotes and records a plan change, and reports usage', async () => {
    const { token } = await gw.api.signUp('gomulu');
    const project = await gw.api.createProject(token, 'Gömülü Proje');
    expect((await gw.api.post('/api/v1/projects/', { name: 'İkinci Proje' }, token)).body.code).toBe('PLAN_LIMIT');
    gw.deps.now = () => new Date('2026-01-15T09:00:00Z');
    expect((await gw.api.get('/api/v1/users/me/plan/quote?plan=standard', token)).body.amount_kurus).toBe(5429);
    expect((await gw.api.post('/api/v1/users/me/plan', { plan: 'standard', expected_amount_kurus: 5429 }, token)).status).toBe(200);
    expect((await gw.api.post('/api/v1/projects/', { name: 'İkinci Proje' }, token)).status).toBe(201);
    expect((await gw.api.get('/api/v1/users/me/usage', token)).body).toMatchObject({ month: '2026-01-01', plan: 'standard', logs: 0, quota: 500_000 });

    // no SEYIR_ARCHIVE_KEY: embedded mode generates one in its data folder, so settings can be saved
    expect(gw.deps.archiveSecretBox).toBeDefined();
    const saved = await gw.api.put(
      `/api/v1/projects/${project.id}/archive`,
      { endpoint: s3.endpoint, bucket: 'gomulu', access_key_id: s3.accessKeyId, secret_access_key: s3.secretAccessKey },
      token,
    );
    expect(saved).toMatchObject({ status: 200, body: { configured: true, bucket: 'gomulu', has_secret: true } });
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { createProject, createUser, ensureLogPartitions, findArchiveExports, upsertProjectArchive, type DatabaseHandle } from '@seyir/db';
import { runRetention } from '@seyir/pipeline';
import { createTestDatabase, startS3TestServer, type S3TestServer } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { S3Bucket } from './s3-bucket.js';
import { createS3LogArchiver } from './s3-log-archiver.js';
import { createSecretBox } from './secret-box.js';

/**
 * Retention (the ops job) with the S3 archiver as its hook, against s3rver: a free project keeps
 * 7 days, so at 2026-06-15 12:00 UTC its logs of 2026-06-01 are due.
 */
const NOW = new Date('2026-06-15T12:00:00Z');
let database: DatabaseHandle;
let s3: S3TestServer;
const box = createSecretBox(randomBytes(32));

beforeAll(async () => {
  database = (await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'))).handle;
  s3 = await startS3TestServer({ buckets: ['arsiv'] });
  // one day in its own partition (dropped whole), the rest in the default partition (deleted row by row)
  await ensureLogPartitions(database.sql, new Date('2026-06-01T00:00:00Z'), 0, 0);
});
afterAll(async () => {
  await s3?.stop();
  await database?.close();
});

async function project(): Promise<string> {
  const name = `r${randomBytes(4).toString('hex')}`;
  const user = await createUser(database.db, { username: name, email: `${name}@example.com`, firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('user');
  return (await createProject(database.db, { name: 'Saklama', environments: ['production'], ownerId: user.user.id })).id;
}

async function log(projectId: string, timestamp: string, message: string) {
  await database.sql.query(`INSERT INTO logs (project_id, id, timestamp, received_at, level, environment, message) VALUES ($1, $2, $3, now(), 'ERROR', 'production', $4)`, [
    projectId,
    randomUUID(),
    timestamp,
    message,
  ]);
}

async function archiveTo(projectId: string, where: { endpoint?: string; bucket?: string }) {
  await upsertProjectArchive(database.db, projectId, {
    endpoint: where.endpoint ?? s3.endpoint,
    region: s3.region,
    bucket: where.bucket ?? 'arsiv',
    prefix: 'seyir',
    accessKeyId: s3.accessKeyId,
    secretEncrypted: box.seal(s3.secretAccessKey, projectId),
  });
}

const messages = async (projectId: string) =>
  (await database.sql.query<{ message: string }>(`SELECT message FROM logs WHERE project_id = $1 ORDER BY timestamp`, [projectId])).rows.map((r) => r.message);

async function archived(key: string): Promise<string[]> {
  const gz = await new S3Bucket({ endpoint: s3.endpoint, region: s3.region, bucket: 'arsiv', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }).get(key);
  if (!gz) return [];
  return gunzipSync(gz).toString('utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { message: string }).message);
}

describe('retention with archive before deletion', () => {
  it('uploads, verifies, then deletes; a failed upload deletes nothing and is retried next run', async () => {
    const good = await project();
    const broken = await project();
    const plain = await project();
    for (const p of [good, broken, plain]) {
      await log(p, '2026-06-01T10:00:00Z', 'eski 1');
      await log(p, '2026-06-03T10:00:00Z', 'eski 2');
      await log(p, '2026-06-14T10:00:00Z', 'yeni');
    }
    await archiveTo(good, {});
    await archiveTo(broken, { bucket: 'olmayan-kova' });

    const archiver = createS3LogArchiver({ database, secretBox: box });
    const first = await runRetention({ database, planPreset: 'pricing', archiver }, NOW);

    // archived and verified, then deleted
    expect(await archived(`seyir/${good}/2026/06/01.ndjson.gz`)).toEqual(['eski 1']);
    expect(await archived(`seyir/${good}/2026/06/03.ndjson.gz`)).toEqual(['eski 2']);
    expect((await findArchiveExports(database.db, good)).map((e) => e.day)).toEqual(['2026-06-01', '2026-06-03']);
    expect(await messages(good)).toEqual(['yeni']);
    // no archive settings: deleted as before
    expect(await messages(plain)).toEqual(['yeni']);
    // upload failed: nothing deleted, the days reported as skipped
    expect(await messages(broken)).toEqual(['eski 1', 'eski 2', 'yeni']);
    expect(first?.skipped.filter((s) => s.projectId === broken).map((s) => s.day).sort()).toEqual(['2026-06-01', '2026-06-03']);
    expect(await findArchiveExports(database.db, broken)).toEqual([]);

    // the store is fixed: the next run archives and deletes what was kept
    await archiveTo(broken, {});
    await runRetention({ database, planPreset: 'pricing', archiver }, NOW);
    expect(await archived(`seyir/${broken}/2026/06/01.ndjson.gz`)).toEqual(['eski 1']);
    expect(await messages(broken)).toEqual(['yeni']);
  });

  it('keeps everything while the S3 server is down', async () => {
    const own = await startS3TestServer({ buckets: ['arsiv'] });
    const p = await project();
    await log(p, '2026-06-02T10:00:00Z', 'eski');
    await archiveTo(p, { endpoint: own.endpoint });
    await own.stop();
    const report = await runRetention({ database, planPreset: 'pricing', archiver: createS3LogArchiver({ database, secretBox: box }) }, NOW);
    expect(await messages(p)).toEqual(['eski']);
    expect(report?.skipped).toContainEqual({ projectId: p, day: '2026-06-02' });
  });

  it('keeps a project’s days when the archive key is missing (its secret cannot be read)', async () => {
    const p = await project();
    await log(p, '2026-06-02T11:00:00Z', 'eski');
    await archiveTo(p, {});
    await runRetention({ database, planPreset: 'pricing', archiver: createS3LogArchiver({ database, secretBox: undefined }) }, NOW);
    expect(await messages(p)).toEqual(['eski']);
  });
});

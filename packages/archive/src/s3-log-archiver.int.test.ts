import { randomBytes, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { createUser, createProject, findArchiveExports, getProjectArchive, upsertProjectArchive, type DatabaseHandle } from '@seyir/db';
import { createTestDatabase, startS3TestServer, type S3TestServer } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { S3Bucket } from './s3-bucket.js';
import { createS3LogArchiver, testArchiveLocation } from './s3-log-archiver.js';
import { createSecretBox } from './secret-box.js';

let database: DatabaseHandle;
let s3: S3TestServer;
const box = createSecretBox(randomBytes(32));
const DAY = '2026-01-10';
const from = new Date(`${DAY}T00:00:00Z`);
const to = new Date(from.getTime() + 86_400_000);

beforeAll(async () => {
  database = (await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'))).handle;
  s3 = await startS3TestServer({ buckets: ['seyir-arsiv'] });
});
afterAll(async () => {
  await s3?.stop();
  await database?.close();
});

async function projectWithLogs(timestamps: string[]): Promise<string> {
  const name = `u${randomBytes(4).toString('hex')}`;
  const user = await createUser(database.db, { username: name, email: `${name}@example.com`, firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('user');
  const project = await createProject(database.db, { name: 'Arşivli', environments: ['production'], ownerId: user.user.id });
  await addLogs(project.id, timestamps);
  return project.id;
}

async function addLogs(projectId: string, timestamps: string[]): Promise<void> {
  for (const ts of timestamps) {
    await database.sql.query(
      `INSERT INTO logs (project_id, id, timestamp, received_at, level, environment, message, metadata) VALUES ($1, $2, $3, now(), 'ERROR', 'production', $4, $5)`,
      [projectId, randomUUID(), ts, `Ödeme başarısız ${ts}`, JSON.stringify({ sipariş: 42 })],
    );
  }
}

async function configure(projectId: string, overrides: Partial<{ bucket: string; endpoint: string; prefix: string }> = {}) {
  await upsertProjectArchive(database.db, projectId, {
    endpoint: overrides.endpoint ?? s3.endpoint,
    region: s3.region,
    bucket: overrides.bucket ?? 'seyir-arsiv',
    prefix: overrides.prefix ?? 'musteri/loglar',
    accessKeyId: s3.accessKeyId,
    secretEncrypted: box.seal(s3.secretAccessKey, projectId),
  });
}

function bucket(): S3Bucket {
  return new S3Bucket({ endpoint: s3.endpoint, region: s3.region, bucket: 'seyir-arsiv', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
}

async function readArchive(key: string): Promise<Record<string, unknown>[]> {
  const gz = await bucket().get(key);
  if (!gz) throw new Error(`no object ${key}`);
  return gunzipSync(gz)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('S3 log archiver (real S3-compatible server: s3rver)', () => {
  it('writes a project day as gzip NDJSON at <prefix>/<project>/<yyyy>/<mm>/<dd>.ndjson.gz, verified and recorded', async () => {
    const projectId = await projectWithLogs(['2026-01-10T00:00:00Z', '2026-01-10T12:30:00.123Z', '2026-01-10T23:59:59.999Z', '2026-01-11T00:00:00Z', '2026-01-09T23:59:59Z']);
    await configure(projectId);
    const archiver = createS3LogArchiver({ database, secretBox: box });
    const result = await archiver.archiveDay({ projectId, day: DAY, from, to });
    const key = `musteri/loglar/${projectId}/2026/01/10.ndjson.gz`;
    expect(result).toMatchObject({ status: 'archived', key, logs: 3 });

    const lines = await readArchive(key);
    expect(lines.map((l) => l.message)).toEqual(['Ödeme başarısız 2026-01-10T00:00:00Z', 'Ödeme başarısız 2026-01-10T12:30:00.123Z', 'Ödeme başarısız 2026-01-10T23:59:59.999Z']);
    expect(lines[0]).toMatchObject({ level: 'ERROR', environment: 'production', metadata: { sipariş: 42 } });
    expect(lines[0]).not.toHaveProperty('project_id');

    const head = await bucket().head(key);
    expect(head?.bytes).toBe(result.status === 'archived' ? result.bytes : -1);
    expect(await findArchiveExports(database.db, projectId)).toMatchObject([{ day: DAY, objectKey: key, logCount: 3 }]);
    expect(await getProjectArchive(database.db, projectId)).toMatchObject({ lastError: null });
  });

  it('adds logs that arrived late to the day’s file instead of replacing it, and writes the same file when run again', async () => {
    const projectId = await projectWithLogs(['2026-01-10T08:00:00Z']);
    await configure(projectId, { prefix: '' });
    const archiver = createS3LogArchiver({ database, secretBox: box });
    await archiver.archiveDay({ projectId, day: DAY, from, to });
    // retention deleted the day after archiving it; then a late log of that day arrived
    await database.sql.query(`DELETE FROM logs WHERE project_id = $1`, [projectId]);
    await addLogs(projectId, ['2026-01-10T09:00:00Z']);
    await archiver.archiveDay({ projectId, day: DAY, from, to });
    await archiver.archiveDay({ projectId, day: DAY, from, to });
    const lines = await readArchive(`${projectId}/2026/01/10.ndjson.gz`);
    expect(lines.map((l) => l.message)).toEqual(['Ödeme başarısız 2026-01-10T08:00:00Z', 'Ödeme başarısız 2026-01-10T09:00:00Z']);
  });

  it('does nothing for a project without archive settings, or a day without logs', async () => {
    const bare = await projectWithLogs(['2026-01-10T08:00:00Z']);
    const archiver = createS3LogArchiver({ database, secretBox: box });
    expect(await archiver.archiveDay({ projectId: bare, day: DAY, from, to })).toEqual({ status: 'not-configured' });
    const empty = await projectWithLogs([]);
    await configure(empty);
    expect(await archiver.archiveDay({ projectId: empty, day: DAY, from, to })).toEqual({ status: 'empty' });
  });

  it('fails, records the reason and writes nothing when the bucket is missing', async () => {
    const projectId = await projectWithLogs(['2026-01-10T08:00:00Z']);
    await configure(projectId, { bucket: 'olmayan-kova' });
    const archiver = createS3LogArchiver({ database, secretBox: box });
    await expect(archiver.archiveDay({ projectId, day: DAY, from, to })).rejects.toThrow(/NoSuchBucket|404/);
    expect(await findArchiveExports(database.db, projectId)).toEqual([]);
    expect((await getProjectArchive(database.db, projectId))?.lastError).toMatch(/NoSuchBucket|404/);
  });

  it('fails when the server is down, and succeeds on the next run once it is back', async () => {
    const own = await startS3TestServer({ buckets: ['seyir-arsiv'] });
    const projectId = await projectWithLogs(['2026-01-10T08:00:00Z']);
    await configure(projectId, { endpoint: own.endpoint });
    await own.stop();
    const archiver = createS3LogArchiver({ database, secretBox: box });
    await expect(archiver.archiveDay({ projectId, day: DAY, from, to })).rejects.toThrow(/unreachable/);
    expect(await findArchiveExports(database.db, projectId)).toEqual([]);

    const back = await startS3TestServer({ buckets: ['seyir-arsiv'], port: own.port });
    try {
      expect(await archiver.archiveDay({ projectId, day: DAY, from, to })).toMatchObject({ status: 'archived', logs: 1 });
      expect(await findArchiveExports(database.db, projectId)).toHaveLength(1);
    } finally {
      await back.stop();
    }
  });

  it('cannot read a secret sealed for another project', async () => {
    const projectId = await projectWithLogs(['2026-01-10T08:00:00Z']);
    const other = await projectWithLogs([]);
    await upsertProjectArchive(database.db, projectId, {
      endpoint: s3.endpoint, region: s3.region, bucket: 'seyir-arsiv', prefix: '', accessKeyId: s3.accessKeyId,
      secretEncrypted: box.seal(s3.secretAccessKey, other),
    });
    const archiver = createS3LogArchiver({ database, secretBox: box });
    await expect(archiver.archiveDay({ projectId, day: DAY, from, to })).rejects.toThrow();
    expect(await findArchiveExports(database.db, projectId)).toEqual([]);
  });

  it('tests a location by writing, verifying and deleting a small object', async () => {
    const location = { endpoint: s3.endpoint, region: s3.region, bucket: 'seyir-arsiv', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
    await expect(testArchiveLocation(location, 'deneme')).resolves.toBeUndefined();
    await expect(testArchiveLocation({ ...location, bucket: 'yok-boyle-kova' }, '')).rejects.toThrow(/NoSuchBucket|404/);
  });
});

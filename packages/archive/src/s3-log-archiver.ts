import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { archiveObjectKey } from '@seyir/domain';
import { findLogsForArchive, getProjectArchive, recordArchiveExport, recordArchiveOutcome, type DatabaseHandle, type ProjectArchiveRow } from '@seyir/db';
import { S3Bucket, type S3Location } from './s3-bucket.js';
import type { SecretBox } from './secret-box.js';

/** One project's logs of one UTC day, about to be deleted by retention (the retention job's hook). */
export interface ArchiveDayRequest {
  projectId: string;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  /** The day's logs are those with `from <= timestamp < to`. */
  from: Date;
  to: Date;
}

export type ArchiveDayResult =
  | { status: 'not-configured' }
  | { status: 'empty' }
  | { status: 'archived'; key: string; bytes: number; sha256: string; logs: number };

/**
 * Keeps a project × day before retention deletes it. Resolves only once the file is written
 * and verified; throws otherwise, and the caller must then not delete that day (the next run
 * offers it again). Idempotent: running twice writes the same file.
 */
export interface LogArchiver {
  archiveDay(request: ArchiveDayRequest): Promise<ArchiveDayResult>;
}

/** The object did not read back as written. */
export class ArchiveVerificationError extends Error {
  override readonly name = 'ArchiveVerificationError';
}

/** Logs read from the database per page while building a day's file. */
const PAGE = 5_000;

export function locationOf(row: ProjectArchiveRow, box: SecretBox): S3Location {
  return {
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    accessKeyId: row.accessKeyId,
    secretAccessKey: box.open(row.secretEncrypted, row.projectId),
  };
}

function unquote(etag: string): string {
  return etag.replace(/^W\//, '').replace(/"/g, '').toLowerCase();
}

/**
 * Uploads `body` and checks it is stored as sent: the HEAD's size must match, and so must its
 * ETag (the MD5 of a single-part upload, unless the store says otherwise with a `-N` multipart
 * form) and the sha-256 kept in the object's metadata. Answers the sha-256.
 */
export async function putVerified(bucket: S3Bucket, key: string, body: Buffer, contentType: string): Promise<string> {
  const md5 = createHash('md5').update(body).digest('hex');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const putEtag = unquote(await bucket.put(key, body, contentType));
  const stored = await bucket.head(key);
  if (!stored) throw new ArchiveVerificationError(`${key} is missing after upload`);
  if (stored.bytes !== body.length) throw new ArchiveVerificationError(`${key}: stored ${stored.bytes} bytes, sent ${body.length}`);
  const etag = unquote(stored.etag);
  if (!etag.includes('-') && etag !== md5) throw new ArchiveVerificationError(`${key}: ETag ${etag} is not the MD5 ${md5} of what was sent`);
  if (putEtag && etag !== putEtag) throw new ArchiveVerificationError(`${key}: ETag changed between upload and read-back`);
  if (stored.sha256 !== undefined && stored.sha256 !== sha256) throw new ArchiveVerificationError(`${key}: stored sha-256 differs`);
  return sha256;
}

/** The log ids already in an earlier file of the day, and its lines (logs that arrived late are added to it, not replace it). */
function readExisting(gz: Buffer): { lines: string[]; ids: Set<string> } {
  const lines = gunzipSync(gz).toString('utf8').split('\n').filter(Boolean);
  const ids = new Set<string>();
  for (const line of lines) {
    const id = (JSON.parse(line) as { id?: unknown }).id;
    if (typeof id === 'string') ids.add(id);
  }
  return { lines, ids };
}

/**
 * The S3 archiver: for a project with archive settings, writes its logs of the day as gzip
 * NDJSON to `<prefix>/<project>/<yyyy>/<mm>/<dd>.ndjson.gz` (merged with a file an earlier run
 * left there), verifies it, and records it in `archive_exports`.
 */
export function createS3LogArchiver(deps: { database: Pick<DatabaseHandle, 'db' | 'sql'>; secretBox: SecretBox | undefined }): LogArchiver {
  const { db, sql } = deps.database;
  return {
    async archiveDay(request) {
      const settings = await getProjectArchive(db, request.projectId);
      if (!settings) return { status: 'not-configured' };
      try {
        if (!deps.secretBox) throw new Error('SEYIR_ARCHIVE_KEY is not set: the archive secret cannot be read');
        const bucket = new S3Bucket(locationOf(settings, deps.secretBox));
        const rows: { json: string; id: string }[] = [];
        let after: { timestamp: string; id: string } | undefined;
        for (;;) {
          const page = await findLogsForArchive(sql, { projectId: request.projectId, from: request.from, to: request.to, after, limit: PAGE });
          for (const row of page) rows.push({ json: row.json, id: row.cursor.id });
          if (page.length < PAGE) break;
          after = page[page.length - 1]!.cursor;
        }
        if (rows.length === 0) return { status: 'empty' };
        const key = archiveObjectKey(settings.prefix, request.projectId, request.day);
        const earlier = await bucket.get(key);
        const kept = earlier ? readExisting(earlier) : undefined;
        const all = [...(kept?.lines ?? []), ...rows.filter((r) => !kept?.ids.has(r.id)).map((r) => r.json)];
        const body = gzipSync(Buffer.from(`${all.join('\n')}\n`, 'utf8'));
        const sha256 = await putVerified(bucket, key, body, 'application/x-ndjson');
        await recordArchiveExport(db, { projectId: request.projectId, day: request.day, objectKey: key, bytes: body.length, sha256, logCount: all.length });
        await recordArchiveOutcome(db, request.projectId, { archivedAt: new Date() });
        return { status: 'archived', key, bytes: body.length, sha256, logs: all.length };
      } catch (error) {
        await recordArchiveOutcome(db, request.projectId, { error: (error as Error).message }).catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * Checks settings before they are saved: writes a small object under the prefix, verifies it
 * and deletes it. Throws with the store's reason when any step fails.
 */
export async function testArchiveLocation(location: S3Location, prefix: string): Promise<void> {
  const bucket = new S3Bucket(location);
  const key = `${prefix ? `${prefix}/` : ''}.seyir-test-${randomBytes(6).toString('hex')}`;
  await putVerified(bucket, key, Buffer.from('seyir archive test\n'), 'text/plain');
  await bucket.delete(key);
}

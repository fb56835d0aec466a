import { locationOf, testArchiveLocation, type S3Location } from '@seyir/archive';
import { AppError, ARCHIVE_MESSAGES, type ArchiveConfigInput, type ArchiveConfigView } from '@seyir/domain';
import { deleteProjectArchive, getProjectArchive, upsertProjectArchive, type ProjectArchiveRow } from '@seyir/db';
import type { AppDeps } from '../deps.js';

type Deps = Pick<AppDeps, 'db' | 'archiveSecretBox'>;

/** Everything about a project's archive but the secret, which the API never returns. */
function present(row: ProjectArchiveRow): ArchiveConfigView & { configured: true } {
  return {
    configured: true,
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    prefix: row.prefix,
    access_key_id: row.accessKeyId,
    has_secret: true,
    last_archived_at: row.lastArchivedAt?.toISOString() ?? null,
    last_error: row.lastError,
  };
}

/** Cloud metadata services answer on link-local addresses: never a place to archive to. */
function refuseMetadataHosts(endpoint: string): void {
  const host = new URL(endpoint).hostname.toLowerCase();
  if (/^169\.254\./.test(host) || host === 'metadata.google.internal' || host === '[fd00:ec2::254]') {
    throw new AppError('VALIDATION_FAILED', ARCHIVE_MESSAGES.endpointInvalid, { fields: { endpoint: ARCHIVE_MESSAGES.endpointInvalid } });
  }
}

async function tryLocation(location: S3Location, prefix: string): Promise<void> {
  try {
    await testArchiveLocation(location, prefix);
  } catch (error) {
    throw new AppError('BAD_REQUEST', ARCHIVE_MESSAGES.testFailed((error as Error).message));
  }
}

export async function getArchiveSettings(deps: Deps, projectId: string): Promise<(ArchiveConfigView & { configured: true }) | { configured: false }> {
  const row = await getProjectArchive(deps.db, projectId);
  return row ? present(row) : { configured: false };
}

/**
 * Saves a project's archive settings after proving them: a small object is written under the
 * prefix, read back and deleted. The secret is sealed with AES-256-GCM; omitted, the stored one
 * is kept.
 */
export async function saveArchiveSettings(deps: Deps, projectId: string, input: ArchiveConfigInput): Promise<ArchiveConfigView & { configured: true }> {
  const box = deps.archiveSecretBox;
  if (!box) throw new AppError('UNAVAILABLE', ARCHIVE_MESSAGES.archiveKeyMissing);
  refuseMetadataHosts(input.endpoint);
  const existing = await getProjectArchive(deps.db, projectId);
  const secret = input.secret_access_key ?? (existing ? locationOf(existing, box).secretAccessKey : undefined);
  if (secret === undefined) {
    throw new AppError('VALIDATION_FAILED', ARCHIVE_MESSAGES.secretRequired, { fields: { secret_access_key: ARCHIVE_MESSAGES.secretRequired } });
  }
  const location = { endpoint: input.endpoint, region: input.region, bucket: input.bucket, accessKeyId: input.access_key_id, secretAccessKey: secret };
  await tryLocation(location, input.prefix);
  const row = await upsertProjectArchive(deps.db, projectId, {
    endpoint: input.endpoint,
    region: input.region,
    bucket: input.bucket,
    prefix: input.prefix,
    accessKeyId: input.access_key_id,
    secretEncrypted: box.seal(secret, projectId),
  });
  return present(row);
}

/** Proves the stored settings still work (write, read back, delete a small object). */
export async function testArchiveSettings(deps: Deps, projectId: string): Promise<void> {
  const row = await getProjectArchive(deps.db, projectId);
  if (!row) throw new AppError('NOT_FOUND', ARCHIVE_MESSAGES.notConfigured);
  const box = deps.archiveSecretBox;
  if (!box) throw new AppError('UNAVAILABLE', ARCHIVE_MESSAGES.archiveKeyMissing);
  await tryLocation(locationOf(row, box), row.prefix);
}

export async function removeArchiveSettings(deps: Deps, projectId: string): Promise<void> {
  if (!(await deleteProjectArchive(deps.db, projectId))) throw new AppError('NOT_FOUND', ARCHIVE_MESSAGES.notConfigured);
}

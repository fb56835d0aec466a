import { eq } from 'drizzle-orm';
import type { Database, SqlClient } from '../connection.js';
import { archiveExports, projectArchives, type ArchiveExportRow, type ProjectArchiveRow } from '../schema/index.js';

export async function getProjectArchive(db: Database, projectId: string): Promise<ProjectArchiveRow | undefined> {
  const [row] = await db.select().from(projectArchives).where(eq(projectArchives.projectId, projectId));
  return row;
}

export interface ProjectArchiveSettings {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretEncrypted: string;
}

/** Creates or replaces a project's archive settings; clears the last error. */
export async function upsertProjectArchive(db: Database, projectId: string, settings: ProjectArchiveSettings): Promise<ProjectArchiveRow> {
  const [row] = await db
    .insert(projectArchives)
    .values({ projectId, ...settings })
    .onConflictDoUpdate({ target: projectArchives.projectId, set: { ...settings, lastError: null, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteProjectArchive(db: Database, projectId: string): Promise<boolean> {
  const rows = await db.delete(projectArchives).where(eq(projectArchives.projectId, projectId)).returning({ id: projectArchives.projectId });
  return rows.length > 0;
}

/** Notes the outcome of an archive run for the settings screen (error text, or success time). */
export async function recordArchiveOutcome(db: Database, projectId: string, outcome: { error: string } | { archivedAt: Date }): Promise<void> {
  await db
    .update(projectArchives)
    .set('error' in outcome ? { lastError: outcome.error.slice(0, 500) } : { lastError: null, lastArchivedAt: outcome.archivedAt })
    .where(eq(projectArchives.projectId, projectId));
}

/** Records a verified archive file of a project's day (replacing an earlier one of that day). */
export async function recordArchiveExport(db: Database, row: Omit<ArchiveExportRow, 'createdAt'>): Promise<void> {
  const { projectId: _p, day: _d, ...rest } = row;
  await db
    .insert(archiveExports)
    .values(row)
    .onConflictDoUpdate({ target: [archiveExports.projectId, archiveExports.day], set: { ...rest, createdAt: new Date() } });
}

export async function findArchiveExports(db: Database, projectId: string): Promise<ArchiveExportRow[]> {
  return db.select().from(archiveExports).where(eq(archiveExports.projectId, projectId)).orderBy(archiveExports.day);
}

export interface ArchiveLogLine {
  /** The log as one JSON object (every column but project_id). */
  json: string;
  /** The exact stored timestamp as text (microseconds kept) and id: the paging cursor. */
  cursor: { timestamp: string; id: string };
}

/**
 * One page of a project's logs in `[from, to)`, in (timestamp, id) order after `after`, each as
 * JSON text built by PostgreSQL: keyset paging keeps memory bounded on a busy day.
 */
export async function findLogsForArchive(
  sql: SqlClient,
  input: { projectId: string; from: Date; to: Date; after?: { timestamp: string; id: string } | undefined; limit: number },
): Promise<ArchiveLogLine[]> {
  const params: unknown[] = [input.projectId, input.from, input.to, input.limit];
  let afterSql = '';
  if (input.after) {
    params.push(input.after.timestamp, input.after.id);
    afterSql = 'AND (l.timestamp, l.id) > ($5::timestamptz, $6::uuid)';
  }
  const { rows } = await sql.query<{ json: string; ts: string; id: string }>(
    `SELECT (to_jsonb(l) - 'project_id')::text AS json, l.timestamp::text AS ts, l.id::text AS id
       FROM logs l
      WHERE l.project_id = $1 AND l.timestamp >= $2 AND l.timestamp < $3 ${afterSql}
      ORDER BY l.timestamp, l.id
      LIMIT $4`,
    params,
  );
  return rows.map((r) => ({ json: r.json, cursor: { timestamp: r.ts, id: r.id } }));
}

import { foldTurkish } from '@seyir/domain';
import type { DatabaseHandle, SqlClient } from '../connection.js';
import { withProjectLocked } from './project-lock.js';
import { uniqueViolation } from './errors.js';

/** A saved view of a project's logs: a named query and the columns shown. */
export interface SavedViewRow {
  id: string;
  projectId: string;
  name: string;
  query: string;
  columns: string[];
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface RawView {
  id: string;
  project_id: string;
  name: string;
  query: string;
  columns: string[] | null;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'v.id, v.project_id, v.name, v.query, v.columns, v.created_by, v.created_at, v.updated_at';
const toView = (r: RawView): SavedViewRow => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  query: r.query,
  columns: r.columns ?? [],
  createdBy: r.created_by,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export interface SavedViewValues {
  name: string;
  query: string;
  columns: readonly string[];
}

/** Why a write did not happen: another view has the name, or the project holds `max` already. */
export type SavedViewWrite = { ok: true; view: SavedViewRow } | { ok: false; reason: 'name_taken' | 'limit' | 'not_found' };

/** A project's views, by name (Turkish-folded). */
export async function findSavedViews(sql: SqlClient, projectId: string): Promise<SavedViewRow[]> {
  const { rows } = await sql.query<RawView>(`SELECT ${COLUMNS} FROM saved_views v WHERE v.project_id = $1 ORDER BY v.name_key, v.id`, [projectId]);
  return rows.map(toView);
}

/**
 * Adds a view unless the project already holds `max` views (exactly: the count runs under the
 * project's lock, `withProjectLocked`) or one with the same name.
 */
export async function createSavedView(
  database: Pick<DatabaseHandle, 'transaction'>,
  projectId: string,
  createdBy: string,
  values: SavedViewValues,
  max: number,
): Promise<SavedViewWrite> {
  try {
    const rows = await withProjectLocked(database, projectId, async (sql) => {
      const inserted = await sql.query<RawView>(
        `INSERT INTO saved_views AS v (project_id, name, name_key, query, columns, created_by)
         SELECT $1, $2, $3, $4, $5::text[], $6 WHERE (SELECT count(*) FROM saved_views WHERE project_id = $1) < $7
         RETURNING ${COLUMNS}`,
        [projectId, values.name, foldTurkish(values.name), values.query, values.columns, createdBy, max],
      );
      return inserted.rows;
    });
    if (!rows) return { ok: false, reason: 'not_found' };
    return rows[0] ? { ok: true, view: toView(rows[0]) } : { ok: false, reason: 'limit' };
  } catch (error) {
    if (uniqueViolation(error)) return { ok: false, reason: 'name_taken' };
    throw error;
  }
}

/** Replaces a view's name, query and columns; not_found for a view of another project. */
export async function updateSavedView(sql: SqlClient, projectId: string, viewId: string, values: SavedViewValues): Promise<SavedViewWrite> {
  try {
    const { rows } = await sql.query<RawView>(
      `UPDATE saved_views v SET name = $3, name_key = $4, query = $5, columns = $6::text[], updated_at = now()
       WHERE v.project_id = $1 AND v.id = $2 RETURNING ${COLUMNS}`,
      [projectId, viewId, values.name, foldTurkish(values.name), values.query, values.columns],
    );
    return rows[0] ? { ok: true, view: toView(rows[0]) } : { ok: false, reason: 'not_found' };
  } catch (error) {
    if (uniqueViolation(error)) return { ok: false, reason: 'name_taken' };
    throw error;
  }
}

/** Deletes a view of the project; false when there was none. */
export async function deleteSavedView(sql: SqlClient, projectId: string, viewId: string): Promise<boolean> {
  const { rows } = await sql.query<{ id: string }>('DELETE FROM saved_views WHERE project_id = $1 AND id = $2 RETURNING id', [projectId, viewId]);
  return rows.length > 0;
}

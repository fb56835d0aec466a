import type { DatabaseHandle } from '../connection.js';
import { getGroup, type LogGroupRow } from './groups.js';
import { GROUP_TAG_LIMIT, GROUP_USER_LIMIT } from './ingest.js';

const LEVELS_SQL = `ARRAY['DEBUG','INFO','WARNING','ERROR','CRITICAL']`;

/**
 * "Users affected" key of a stored log, as the pipeline derives it from `context.user`: its id,
 * else username, e-mail or IP address (string or number), prefixed by which one it was.
 */
const USER_KEY_SQL = `CASE
  WHEN jsonb_typeof(context -> 'user') IS DISTINCT FROM 'object' THEN NULL
  WHEN jsonb_typeof(context -> 'user' -> 'id') IN ('string', 'number') THEN 'id:' || left(context -> 'user' ->> 'id', 200)
  WHEN jsonb_typeof(context -> 'user' -> 'username') IN ('string', 'number') THEN 'username:' || left(context -> 'user' ->> 'username', 200)
  WHEN jsonb_typeof(context -> 'user' -> 'email') IN ('string', 'number') THEN 'email:' || left(context -> 'user' ->> 'email', 200)
  WHEN jsonb_typeof(context -> 'user' -> 'ip_address') IN ('string', 'number') THEN 'ip_address:' || left(context -> 'user' ->> 'ip_address', 200)
END`;

/**
 * Rebuilds one group's projection from the logs it has stored: count, first and last seen, the
 * last log, the highest level, environments, tags and users affected (bounded as at ingest).
 * Status, notes and the sample message stay. The group row is locked first, so a batch counted
 * meanwhile is either already in the logs read here or adds its count after this commits.
 * Hourly rollups are per project, not per group, and are left alone. Answers the rebuilt group,
 * or undefined when the project has no such group.
 */
export async function rebuildGroupProjection(
  database: Pick<DatabaseHandle, 'transaction'>,
  projectId: string,
  groupId: string,
): Promise<LogGroupRow | undefined> {
  return database.transaction(async (sql) => {
    const locked = await sql.query(`SELECT id FROM log_groups WHERE project_id = $1 AND id = $2 FOR UPDATE`, [projectId, groupId]);
    if (locked.rows.length === 0) return undefined;
    const where = `FROM logs WHERE project_id = $1 AND group_id = $2`;
    const [totals, last, tags, users] = await Promise.all([
      sql.query<{ n: number; first_seen: Date | null; last_seen: Date | null; rank: number | null; environments: string[] | null }>(
        `SELECT count(*)::bigint AS n, min(timestamp) AS first_seen, max(timestamp) AS last_seen,
                max(array_position(${LEVELS_SQL}, level)) AS rank, array_agg(DISTINCT environment ORDER BY environment) AS environments ${where}`,
        [projectId, groupId],
      ),
      sql.query<{ id: string }>(`SELECT id ${where} ORDER BY timestamp DESC, id DESC LIMIT 1`, [projectId, groupId]),
      sql.query<{ t: string }>(`SELECT DISTINCT t FROM (SELECT unnest(tags) AS t ${where}) x ORDER BY t LIMIT ${GROUP_TAG_LIMIT}`, [projectId, groupId]),
      sql.query<{ u: string }>(
        `SELECT DISTINCT u FROM (SELECT ${USER_KEY_SQL} AS u ${where}) x WHERE u IS NOT NULL ORDER BY u LIMIT ${GROUP_USER_LIMIT}`,
        [projectId, groupId],
      ),
    ]);
    const t = totals.rows[0];
    await sql.query(
      `UPDATE log_groups SET
         count = $3,
         first_seen = COALESCE($4, first_seen),
         last_seen = COALESCE($5, last_seen),
         last_log_id = $6,
         level = COALESCE((${LEVELS_SQL})[$7::int], level),
         environments = $8::text[],
         tags = $9::text[],
         users_affected = $10::text[]
       WHERE project_id = $1 AND id = $2`,
      [
        projectId,
        groupId,
        Number(t?.n ?? 0),
        t?.first_seen ?? null,
        t?.last_seen ?? null,
        last.rows[0]?.id ?? null,
        t?.rank ?? null,
        (t?.environments ?? []).filter((e) => e !== null),
        tags.rows.map((r) => r.t),
        users.rows.map((r) => r.u),
      ],
    );
    return getGroup(sql, projectId, groupId);
  });
}

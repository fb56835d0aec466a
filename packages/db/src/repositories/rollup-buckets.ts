import type { SqlClient } from '../connection.js';

/**
 * The daily log rollups (migration 0011) count 24-hour buckets starting at 21:00 UTC, midnight
 * in Europe/Istanbul: a dashboard day is one bucket, and any other range is whole buckets plus
 * edge hours from the hourly rollups.
 */
const HOUR_MS = 3_600_000;
export const DAY_BUCKET_MS = 24 * HOUR_MS;
const DAY_BUCKET_OFFSET_MS = 21 * HOUR_MS;

/** SQL: the start of the daily bucket holding the timestamptz `expr`. */
export function dayBucketSql(expr: string): string {
  return `date_bin('1 day', ${expr}, TIMESTAMPTZ '2000-01-01 21:00:00+00')`;
}

/** The start of the daily bucket holding `ms`. */
export function dayBucketFloor(ms: number): number {
  return Math.floor((ms - DAY_BUCKET_OFFSET_MS) / DAY_BUCKET_MS) * DAY_BUCKET_MS + DAY_BUCKET_OFFSET_MS;
}

/** The first daily bucket start at or after `ms`. */
export function dayBucketCeil(ms: number): number {
  const floor = dayBucketFloor(ms);
  return floor === ms ? ms : floor + DAY_BUCKET_MS;
}

/** One hour's change of a project's count at a level and environment. */
export interface RollupCountChange {
  hour: Date;
  level: string;
  environment: string;
  n: number;
}

/**
 * Counts removed logs out of the hourly and daily rollups of a project, and drops the rows
 * left at zero. Rows are locked in key order, hourly first and daily second, as ingest adds to
 * them (`addRollups`), so the two never deadlock.
 */
export async function takeFromRollups(sql: SqlClient, projectId: string, changes: readonly RollupCountChange[]): Promise<void> {
  if (changes.length === 0) return;
  const key = (r: RollupCountChange) => `${r.hour.toISOString()}|${r.level}|${r.environment}`;
  const sorted = [...changes].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  const params = [projectId, sorted.map((r) => r.hour), sorted.map((r) => r.level), sorted.map((r) => r.environment), sorted.map((r) => r.n)];
  const source = `unnest($2::timestamptz[], $3::text[], $4::text[], $5::bigint[]) AS d(hour, level, environment, n)`;
  // Rows to change are locked in key order first; `d` is the change per row of `table`.
  const subtract = (table: string, column: string, d: string) =>
    `WITH d AS (${d}),
     locked AS (
       SELECT r.${column}, r.level, r.environment FROM ${table} r JOIN d USING (${column}, level, environment)
       WHERE r.project_id = $1 ORDER BY r.${column}, r.level, r.environment FOR UPDATE OF r
     )
     UPDATE ${table} r SET count = r.count - d.n FROM d, locked
     WHERE r.project_id = $1 AND r.${column} = d.${column} AND r.level = d.level AND r.environment = d.environment
       AND locked.${column} = r.${column} AND locked.level = r.level AND locked.environment = r.environment`;
  await sql.query(subtract('log_rollups_hourly', 'hour', `SELECT * FROM ${source}`), params);
  await sql.query(subtract('log_rollups_daily', 'day', `SELECT ${dayBucketSql('d.hour')} AS day, d.level, d.environment, sum(d.n) AS n FROM ${source} GROUP BY 1, 2, 3`), params);
  await sql.query(`DELETE FROM log_rollups_hourly WHERE project_id = $1 AND hour = ANY($2::timestamptz[]) AND count <= 0`, [projectId, params[1]]);
  await sql.query(
    `DELETE FROM log_rollups_daily WHERE project_id = $1 AND day IN (SELECT DISTINCT ${dayBucketSql('h')} FROM unnest($2::timestamptz[]) AS h) AND count <= 0`,
    [projectId, params[1]],
  );
}

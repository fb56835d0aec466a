import { LOG_LEVELS, type LiveLog, type LiveStats } from '@seyir/domain';
import type { SqlClient } from '../connection.js';
import type { RawLog } from './logs.js';

// The reads of the live stream (reconnect catch-up and the stats a frame carries). They select
// what the logs list shows and nothing else.

/** A logs-table row as the live stream reads it (the list's columns but the project's and the exception flag). */
export type LiveLogRow = Omit<RawLog, 'project_id' | 'has_exception'>;

const COLUMNS = 'id, timestamp, level, message, environment, host, tags, group_id';

/** A logs-table row as the live stream sends it. */
export function toLiveLog(projectId: string, row: LiveLogRow): LiveLog {
  return {
    _id: row.id,
    id: row.id,
    project_id: projectId,
    timestamp: new Date(row.timestamp).toISOString(),
    level: (LOG_LEVELS as readonly string[]).includes(row.level) ? (row.level as LiveLog['level']) : 'INFO',
    message: row.message,
    environment: row.environment,
    host: row.host,
    tags: row.tags ?? [],
    group_id: row.group_id,
  };
}

/**
 * The logs of a project stored after the cursor log (`at` is its timestamp, read from its
 * UUIDv7 id by the caller) in (timestamp, id) order, oldest first, at most `limit`. The cursor
 * log itself need not exist any more.
 */
export async function findLiveLogsAfterCursor(sql: SqlClient, projectId: string, cursor: { at: Date; id: string }, limit: number): Promise<LiveLog[]> {
  const { rows } = await sql.query<LiveLogRow>(
    `SELECT ${COLUMNS} FROM logs
     WHERE project_id = $1 AND (timestamp > $2 OR (timestamp = $2 AND id > $3::uuid))
     ORDER BY timestamp, id
     LIMIT $4`,
    [projectId, cursor.at, cursor.id.toLowerCase(), limit],
  );
  return rows.map((row) => toLiveLog(projectId, row));
}

/** Today's (UTC) counts per level of a project, summed from its hourly rollups. */
export async function getTodayStats(sql: SqlClient, projectId: string, now: Date): Promise<LiveStats> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const { rows } = await sql.query<{ level: string; n: number | string }>(
    `SELECT level, sum(count) AS n FROM log_rollups_hourly WHERE project_id = $1 AND hour >= $2 AND hour < $3 GROUP BY level`,
    [projectId, dayStart, new Date(dayStart.getTime() + 86_400_000)],
    { prepare: true },
  );
  const today = Object.fromEntries(LOG_LEVELS.map((level) => [level, 0])) as LiveStats['today'];
  for (const row of rows) if (row.level in today) today[row.level as keyof LiveStats['today']] = Number(row.n);
  return {
    project_id: projectId,
    date: dayStart.toISOString().slice(0, 10),
    today,
    today_total: LOG_LEVELS.reduce((sum, level) => sum + today[level], 0),
  };
}

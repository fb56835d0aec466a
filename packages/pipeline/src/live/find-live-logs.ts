import { LOG_LEVELS, type LiveLog } from '@seyir/domain';
import type { SqlClient } from '@seyir/db';
import { timeOfLogId } from '../log-id.js';

// These reads serve only the live stream (pushes and reconnect catch-up); they select the
// columns the logs list shows and nothing else.

export interface LiveLogRow {
  id: string;
  timestamp: Date;
  level: string;
  message: string;
  environment: string;
  host: string;
  tags: string[];
  group_id: string | null;
}

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
 * The logs of a project stored after `sinceId` in (timestamp, id) order, oldest first, at most
 * `limit`. The cursor's time is read from the id itself (UUIDv7), so the cursor log need not
 * exist any more. Undefined when `sinceId` is not one of our log ids.
 */
export async function findLiveLogsAfter(sql: SqlClient, projectId: string, sinceId: string, limit: number): Promise<LiveLog[] | undefined> {
  const time = timeOfLogId(sinceId);
  if (time === undefined) return undefined;
  const since = new Date(time);
  const { rows } = await sql.query<LiveLogRow>(
    `SELECT ${COLUMNS} FROM logs
     WHERE project_id = $1 AND (timestamp > $2 OR (timestamp = $2 AND id > $3::uuid))
     ORDER BY timestamp, id
     LIMIT $4`,
    [projectId, since, sinceId.toLowerCase(), limit],
  );
  return rows.map((row) => toLiveLog(projectId, row));
}

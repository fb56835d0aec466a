import { LOG_LEVELS, type LiveStats } from '@seyir/domain';
import type { SqlClient } from '@seyir/db';

/** Today's (UTC) counts per level of a project, summed from its hourly rollups. */
export async function getTodayStats(sql: SqlClient, projectId: string, now: Date): Promise<LiveStats> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const { rows } = await sql.query<{ level: string; n: number | string }>(
    `SELECT level, sum(count) AS n FROM log_rollups_hourly WHERE project_id = $1 AND hour >= $2 AND hour < $3 GROUP BY level`,
    [projectId, dayStart, new Date(dayStart.getTime() + 86_400_000)],
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

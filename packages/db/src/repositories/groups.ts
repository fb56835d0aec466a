import type { DatabaseHandle, SqlClient } from '../connection.js';
import { SqlParams } from './logs-filter-sql.js';

/** A log group as stored. */
export interface LogGroupRow {
  id: string;
  projectId: string;
  kind: string;
  template: string;
  reason: string;
  sampleMessage: string;
  level: string;
  environments: string[];
  tags: string[];
  usersAffected: string[];
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  lastLogId: string | null;
  status: 'unresolved' | 'resolved' | 'ignored';
  resolvedAt: Date | null;
}

const GROUP_COLUMNS = `g.id, g.project_id, g.kind, g.template, g.reason, g.sample_message, g.level, g.environments, g.tags, g.users_affected,
  g.count, g.first_seen, g.last_seen, g.last_log_id, g.status, g.resolved_at`;

interface RawGroup {
  id: string;
  project_id: string;
  kind: string;
  template: string;
  reason: string;
  sample_message: string;
  level: string;
  environments: string[] | null;
  tags: string[] | null;
  users_affected: string[] | null;
  count: number | string;
  first_seen: Date | string;
  last_seen: Date | string;
  last_log_id: string | null;
  status: LogGroupRow['status'];
  resolved_at: Date | string | null;
}

function toGroupRow(r: RawGroup): LogGroupRow {
  return {
    id: r.id,
    projectId: r.project_id,
    kind: r.kind,
    template: r.template,
    reason: r.reason,
    sampleMessage: r.sample_message,
    level: r.level,
    environments: r.environments ?? [],
    tags: r.tags ?? [],
    usersAffected: r.users_affected ?? [],
    count: Number(r.count),
    firstSeen: new Date(r.first_seen),
    lastSeen: new Date(r.last_seen),
    lastLogId: r.last_log_id,
    status: r.status,
    resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at),
  };
}

export interface GroupFilter {
  environment?: string | undefined;
  levels?: readonly string[] | undefined;
  status?: LogGroupRow['status'] | undefined;
  /** Only groups whose last log is at or after this. */
  seenSince?: Date | undefined;
}

function groupWhere(projectId: string, filter: GroupFilter, params: SqlParams): string {
  const where = [`g.project_id = ${params.add(projectId)}`];
  if (filter.environment) where.push(`${params.add(filter.environment)} = ANY(g.environments)`);
  if (filter.levels?.length) where.push(`g.level = ANY(${params.add(filter.levels)}::text[])`);
  if (filter.status) where.push(`g.status = ${params.add(filter.status)}`);
  if (filter.seenSince) where.push(`g.last_seen >= ${params.add(filter.seenSince)}`);
  return where.join(' AND ');
}

const SORT_COLUMNS = { last_seen: 'g.last_seen', first_seen: 'g.first_seen', count: 'g.count' } as const;

/** One page of a project's groups and how many match in all. */
export async function findGroups(
  sql: SqlClient,
  projectId: string,
  filter: GroupFilter,
  page: { skip: number; limit: number; sortBy: keyof typeof SORT_COLUMNS; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: LogGroupRow[]; total: number }> {
  const params = new SqlParams();
  const where = groupWhere(projectId, filter, params);
  const dir = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const countParams = [...params.values];
  const [{ rows }, counted] = await Promise.all([
    sql.query<RawGroup>(
      `SELECT ${GROUP_COLUMNS} FROM log_groups g WHERE ${where}
       ORDER BY ${SORT_COLUMNS[page.sortBy]} ${dir}, g.id ${dir} LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.skip)}`,
      params.values,
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM log_groups g WHERE ${where}`, countParams),
  ]);
  return { rows: rows.map(toGroupRow), total: Number(counted.rows[0]?.n ?? 0) };
}

/** How many of a project's groups match, how many of them were seen since `recentSince`, and how many are errors. */
export async function summarizeGroups(
  sql: SqlClient,
  projectId: string,
  filter: GroupFilter,
  recentSince: Date,
): Promise<{ total: number; recent: number; errors: number }> {
  const params = new SqlParams();
  const where = groupWhere(projectId, filter, params);
  const { rows } = await sql.query<{ total: number; recent: number; errors: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE g.last_seen >= ${params.add(recentSince)})::int AS recent,
            count(*) FILTER (WHERE g.level IN ('ERROR', 'CRITICAL'))::int AS errors
     FROM log_groups g WHERE ${where}`,
    params.values,
  );
  const r = rows[0];
  return { total: Number(r?.total ?? 0), recent: Number(r?.recent ?? 0), errors: Number(r?.errors ?? 0) };
}

/** One group of one project, or undefined (a group of another project is not found). */
export async function getGroup(sql: SqlClient, projectId: string, groupId: string): Promise<LogGroupRow | undefined> {
  const { rows } = await sql.query<RawGroup>(`SELECT ${GROUP_COLUMNS} FROM log_groups g WHERE g.project_id = $1 AND g.id = $2`, [projectId, groupId]);
  return rows[0] ? toGroupRow(rows[0]) : undefined;
}

/**
 * Sets a group's status. Resolving records when (`resolved_at`); any other status set by hand
 * clears it, so only a reopening by a new log leaves an unresolved group with a `resolved_at`
 * (a regression).
 */
export async function updateGroupStatus(
  sql: SqlClient,
  projectId: string,
  groupId: string,
  status: LogGroupRow['status'],
  at: Date,
): Promise<LogGroupRow | undefined> {
  const { rows } = await sql.query<RawGroup>(
    `UPDATE log_groups g SET status = $3, resolved_at = CASE WHEN $3 = 'resolved' THEN $4::timestamptz ELSE NULL END
     WHERE g.project_id = $1 AND g.id = $2 RETURNING ${GROUP_COLUMNS}`,
    [projectId, groupId, status, at],
  );
  return rows[0] ? toGroupRow(rows[0]) : undefined;
}

/**
 * Deletes a group with its logs and notes, and takes its logs out of the hourly rollups so
 * dashboards and count cards stay right. Monthly usage is not given back: those logs were
 * received. Answers false when the project has no such group.
 */
export async function deleteGroup(database: Pick<DatabaseHandle, 'transaction'>, projectId: string, groupId: string): Promise<boolean> {
  return database.transaction(async (sql) => {
    const { rows } = await sql.query(`SELECT id FROM log_groups WHERE project_id = $1 AND id = $2 FOR UPDATE`, [projectId, groupId]);
    if (rows.length === 0) return false;
    // Hours are cut in UTC, as the worker does, whatever the session's time zone.
    await sql.query(
      `WITH gone AS (DELETE FROM logs WHERE project_id = $1 AND group_id = $2 RETURNING timestamp, level, environment),
       per AS (
         SELECT date_trunc('hour', timestamp AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, level, environment, count(*) AS n
         FROM gone GROUP BY 1, 2, 3
       )
       UPDATE log_rollups_hourly r SET count = GREATEST(r.count - per.n, 0)
       FROM per WHERE r.project_id = $1 AND r.hour = per.hour AND r.level = per.level AND r.environment = per.environment`,
      [projectId, groupId],
    );
    await sql.query(`DELETE FROM log_groups WHERE project_id = $1 AND id = $2`, [projectId, groupId]);
    return true;
  });
}

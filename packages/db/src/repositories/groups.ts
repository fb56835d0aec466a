import type { DatabaseHandle, SqlClient } from '../connection.js';
import type { QueryNode } from '@seyir/domain';
import { SqlParams } from './logs-filter-sql.js';
import { groupQuerySql } from './query-sql.js';
import { takeFromRollups } from './rollup-buckets.js';

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
  /** The group's users, or the first GROUP_LIST_USERS of them in a list (see `usersCount`). */
  usersAffected: string[];
  usersCount: number;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  lastLogId: string | null;
  /** The group's status, or in the environment the query named (its own there, else the group's). */
  status: 'unresolved' | 'resolved' | 'ignored';
  resolvedAt: Date | null;
  /** The group-wide status: it holds in every environment without a status of its own. */
  groupStatus: { status: LogGroupRow['status']; resolvedAt: Date | null };
  /** Statuses set for one environment only. */
  environmentStatuses: GroupEnvironmentStatusRow[];
}

/** A status set for one environment of a group (log_group_environment_status). */
export interface GroupEnvironmentStatusRow {
  environment: string;
  status: LogGroupRow['status'];
  resolvedAt: Date | null;
}

/**
 * A groups list answers this many of each group's users (`usersCount` says how many there are):
 * a group keeps up to GROUP_USER_LIMIT (1,000) of them, and twenty full lists made a page of
 * ~230 KB that cost more to parse and send than the rest of the request. One group answers all.
 */
export const GROUP_LIST_USERS = 10;

/** The group's columns; `users` is the users_affected expression (whole, or a slice for lists). */
function baseColumns(users: string): string {
  return `g.id, g.project_id, g.kind, g.template, g.reason, g.sample_message, g.level, g.environments, g.tags, ${users} AS users_affected,
  cardinality(g.users_affected) AS users_count, g.count, g.first_seen, g.last_seen, g.last_log_id`;
}
const OVERRIDES_COLUMN = `(SELECT coalesce(json_agg(json_build_object('environment', s.environment, 'status', s.status, 'resolved_at', s.resolved_at)
    ORDER BY s.environment), '[]'::json) FROM log_group_environment_status s WHERE s.group_id = g.id) AS environment_statuses`;
/** Status as seen in one environment: `es` is that environment's row, joined by `groupSource`. */
const EFFECTIVE_STATUS_SQL = 'coalesce(es.status, g.status)';

/**
 * FROM clause and columns of a groups query, seeing statuses in `environment` when one is
 * named; `listUsers` slices users_affected to GROUP_LIST_USERS.
 */
function groupSource(environment: string | undefined, params: SqlParams, listUsers = false): { from: string; columns: string; status: string } {
  const base = baseColumns(listUsers ? `g.users_affected[1:${GROUP_LIST_USERS}]` : 'g.users_affected');
  if (!environment) {
    return {
      from: 'log_groups g',
      columns: `${base}, g.status, g.resolved_at, g.status AS group_status, g.resolved_at AS group_resolved_at, ${OVERRIDES_COLUMN}`,
      status: 'g.status',
    };
  }
  return {
    from: `log_groups g LEFT JOIN log_group_environment_status es ON es.group_id = g.id AND es.environment = ${params.add(environment)}`,
    columns: `${base}, ${EFFECTIVE_STATUS_SQL} AS status,
  CASE WHEN es.group_id IS NULL THEN g.resolved_at ELSE es.resolved_at END AS resolved_at,
  g.status AS group_status, g.resolved_at AS group_resolved_at, ${OVERRIDES_COLUMN}`,
    status: EFFECTIVE_STATUS_SQL,
  };
}

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
  users_count: number | string;
  count: number | string;
  first_seen: Date | string;
  last_seen: Date | string;
  last_log_id: string | null;
  status: LogGroupRow['status'];
  resolved_at: Date | string | null;
  group_status: LogGroupRow['status'];
  group_resolved_at: Date | string | null;
  environment_statuses: { environment: string; status: LogGroupRow['status']; resolved_at: string | null }[] | string;
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
    usersCount: Number(r.users_count ?? 0),
    count: Number(r.count),
    firstSeen: new Date(r.first_seen),
    lastSeen: new Date(r.last_seen),
    lastLogId: r.last_log_id,
    status: r.status,
    resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at),
    groupStatus: { status: r.group_status, resolvedAt: r.group_resolved_at === null ? null : new Date(r.group_resolved_at) },
    environmentStatuses: (typeof r.environment_statuses === 'string' ? JSON.parse(r.environment_statuses) : r.environment_statuses).map(
      (e: { environment: string; status: LogGroupRow['status']; resolved_at: string | null }) => ({
        environment: e.environment,
        status: e.status,
        resolvedAt: e.resolved_at === null ? null : new Date(e.resolved_at),
      }),
    ),
  };
}

export interface GroupFilter {
  /** Groups seen in this environment; `status` is then matched as seen in it. */
  environment?: string | undefined;
  levels?: readonly string[] | undefined;
  status?: LogGroupRow['status'] | undefined;
  /** Only groups whose last log is at or after this. */
  seenSince?: Date | undefined;
  /** A parsed `q` (groups scope); `now` anchors its relative times. */
  query?: QueryNode | undefined;
  now?: Date | undefined;
}

function groupWhere(projectId: string, filter: GroupFilter, params: SqlParams, statusSql: string): string {
  const where = [`g.project_id = ${params.add(projectId)}`];
  if (filter.environment) where.push(`${params.add(filter.environment)} = ANY(g.environments)`);
  if (filter.levels?.length) where.push(`g.level = ANY(${params.add(filter.levels)}::text[])`);
  if (filter.status) where.push(`${statusSql} = ${params.add(filter.status)}`);
  if (filter.seenSince) where.push(`g.last_seen >= ${params.add(filter.seenSince)}`);
  if (filter.query) where.push(groupQuerySql(filter.query, params, filter.now ?? new Date(), statusSql));
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
  const source = groupSource(filter.environment, params, true);
  const where = groupWhere(projectId, filter, params, source.status);
  const dir = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const order = `${SORT_COLUMNS[page.sortBy]} ${dir}, g.id ${dir}`;
  const countParams = [...params.values];
  const [{ rows }, counted] = await Promise.all([
    // The page's ids first, on the cheap columns; the costly ones (users, per-environment
    // statuses) for those rows only, not for every group that was sorted.
    sql.query<RawGroup>(
      `SELECT ${source.columns} FROM ${source.from}
       JOIN (SELECT g.id FROM ${source.from} WHERE ${where} ORDER BY ${order} LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.skip)}) page ON page.id = g.id
       ORDER BY ${order}`,
      params.values,
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${source.from} WHERE ${where}`, countParams),
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
  const source = groupSource(filter.environment, params);
  const where = groupWhere(projectId, filter, params, source.status);
  const { rows } = await sql.query<{ total: number; recent: number; errors: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE g.last_seen >= ${params.add(recentSince)})::int AS recent,
            count(*) FILTER (WHERE g.level IN ('ERROR', 'CRITICAL'))::int AS errors
     FROM ${source.from} WHERE ${where}`,
    params.values,
  );
  const r = rows[0];
  return { total: Number(r?.total ?? 0), recent: Number(r?.recent ?? 0), errors: Number(r?.errors ?? 0) };
}

/**
 * One group of one project, or undefined (a group of another project is not found). With
 * `environment`, its status is the one seen in that environment.
 */
export async function getGroup(sql: SqlClient, projectId: string, groupId: string, environment?: string): Promise<LogGroupRow | undefined> {
  const params = new SqlParams();
  const source = groupSource(environment, params);
  const { rows } = await sql.query<RawGroup>(
    `SELECT ${source.columns} FROM ${source.from} WHERE g.project_id = ${params.add(projectId)} AND g.id = ${params.add(groupId)}`,
    params.values,
  );
  return rows[0] ? toGroupRow(rows[0]) : undefined;
}

/**
 * Sets a group's status. Resolving records when (`resolved_at`); any other status set by hand
 * clears it, so only a reopening by a new log leaves an unresolved group with a `resolved_at`
 * (a regression). Without `environment` the status holds everywhere and the per-environment
 * ones are dropped; with it, it holds in that environment only. Answers false when the
 * project has no such group.
 */
export async function updateGroupStatus(
  database: Pick<DatabaseHandle, 'transaction'>,
  target: { projectId: string; groupId: string; environment?: string | undefined },
  status: LogGroupRow['status'],
  at: Date,
): Promise<boolean> {
  return database.transaction(async (sql) => {
    const resolvedAt = status === 'resolved' ? at : null;
    if (!target.environment) {
      const { rows } = await sql.query(`UPDATE log_groups SET status = $3, resolved_at = $4 WHERE project_id = $1 AND id = $2 RETURNING id`, [
        target.projectId,
        target.groupId,
        status,
        resolvedAt,
      ]);
      if (rows.length === 0) return false;
      await sql.query(`DELETE FROM log_group_environment_status WHERE group_id = $1`, [target.groupId]);
      return true;
    }
    const { rows } = await sql.query(`SELECT id FROM log_groups WHERE project_id = $1 AND id = $2 FOR UPDATE`, [target.projectId, target.groupId]);
    if (rows.length === 0) return false;
    await sql.query(
      `INSERT INTO log_group_environment_status (group_id, environment, status, resolved_at, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (group_id, environment) DO UPDATE SET status = EXCLUDED.status, resolved_at = EXCLUDED.resolved_at, updated_at = EXCLUDED.updated_at`,
      [target.groupId, target.environment, status, resolvedAt, at],
    );
    return true;
  });
}

/**
 * Deletes a group with its logs and notes, and takes its logs out of the rollups so
 * dashboards and count cards stay right. Monthly usage is not given back: those logs were
 * received. Answers false when the project has no such group.
 */
export async function deleteGroup(database: Pick<DatabaseHandle, 'transaction'>, projectId: string, groupId: string): Promise<boolean> {
  return database.transaction(async (sql) => {
    const { rows } = await sql.query(`SELECT id FROM log_groups WHERE project_id = $1 AND id = $2 FOR UPDATE`, [projectId, groupId]);
    if (rows.length === 0) return false;
    // Hours are cut in UTC, as the worker does, whatever the session's time zone.
    const { rows: gone } = await sql.query<{ hour: Date | string; level: string; environment: string; n: number }>(
      `WITH gone AS (DELETE FROM logs WHERE project_id = $1 AND group_id = $2 RETURNING timestamp, level, environment)
       SELECT date_trunc('hour', timestamp AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, level, environment, count(*)::int AS n
       FROM gone GROUP BY 1, 2, 3`,
      [projectId, groupId],
    );
    await takeFromRollups(
      sql,
      projectId,
      gone.map((r) => ({ hour: new Date(r.hour), level: r.level, environment: r.environment, n: Number(r.n) })),
    );
    await sql.query(`DELETE FROM log_groups WHERE project_id = $1 AND id = $2`, [projectId, groupId]);
    return true;
  });
}

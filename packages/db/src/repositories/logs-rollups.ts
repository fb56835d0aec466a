import { ceilHour, floorHour } from '@seyir/domain';
import type { SqlClient } from '../connection.js';
import { logFilterSql, SqlParams, type LogFilter } from './logs-filter-sql.js';

/** Rollup filters: the projects, and optionally levels, an environment and an hour range. */
export interface RollupFilter {
  levels?: readonly string[] | undefined;
  environment?: string | undefined;
  /** First hour counted (inclusive; a rollup hour is counted whole when it starts at or after this). */
  from?: Date | undefined;
  /** Hours starting at or after this are not counted. */
  before?: Date | undefined;
}

function rollupWhere(projectIds: readonly string[], filter: RollupFilter, params: SqlParams): string {
  const where = [`r.project_id = ANY(${params.add(projectIds)}::uuid[])`];
  if (filter.levels?.length) where.push(`r.level = ANY(${params.add(filter.levels)}::text[])`);
  if (filter.environment) where.push(`r.environment = ${params.add(filter.environment)}`);
  if (filter.from) where.push(`r.hour >= ${params.add(filter.from)}`);
  if (filter.before) where.push(`r.hour < ${params.add(filter.before)}`);
  return where.join(' AND ');
}

/** Logs per level from the hourly rollups of `projectIds` (whole hours only). */
export async function sumRollupsByLevel(sql: SqlClient, projectIds: readonly string[], filter: RollupFilter): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const params = new SqlParams();
  const { rows } = await sql.query<{ level: string; n: number }>(
    `SELECT r.level, sum(r.count)::bigint AS n FROM log_rollups_hourly r WHERE ${rollupWhere(projectIds, filter, params)} GROUP BY r.level`,
    params.values,
  );
  return new Map(rows.map((r) => [r.level, Number(r.n)]));
}

/** Logs per hour and level from the rollups of `projectIds`, for bucketing into local days. */
export async function findRollupHours(
  sql: SqlClient,
  projectIds: readonly string[],
  filter: RollupFilter,
): Promise<{ hour: Date; level: string; count: number }[]> {
  if (projectIds.length === 0) return [];
  const params = new SqlParams();
  const { rows } = await sql.query<{ hour: Date | string; level: string; n: number }>(
    `SELECT r.hour, r.level, sum(r.count)::bigint AS n FROM log_rollups_hourly r WHERE ${rollupWhere(projectIds, filter, params)}
     GROUP BY r.hour, r.level ORDER BY r.hour`,
    params.values,
  );
  return rows.map((r) => ({ hour: new Date(r.hour), level: r.level, count: Number(r.n) }));
}

/**
 * Exact logs per level for a filter without text search, cheaply: whole hours inside the
 * range come from the hourly rollups, and only the partial hours at its edges (less than an
 * hour each) are counted from the logs themselves.
 */
export async function countLogsByLevel(sql: SqlClient, projectId: string, filter: Omit<LogFilter, 'search' | 'groupId' | 'query'>): Promise<Map<string, number>> {
  const wholeFrom = filter.from ? ceilHour(filter.from) : undefined;
  const wholeBefore = filter.before ? floorHour(filter.before) : undefined;
  const base = { levels: filter.levels, environment: filter.environment };
  const edges: { from?: Date | undefined; before?: Date | undefined }[] = [];
  let rollups: Map<string, number>;
  if (wholeFrom && wholeBefore && wholeFrom >= wholeBefore) {
    rollups = new Map();
    edges.push({ from: filter.from, before: filter.before });
  } else {
    rollups = await sumRollupsByLevel(sql, [projectId], { ...base, from: wholeFrom, before: wholeBefore });
    if (filter.from && wholeFrom && filter.from < wholeFrom) edges.push({ from: filter.from, before: wholeFrom });
    if (filter.before && wholeBefore && wholeBefore < filter.before) edges.push({ from: wholeBefore, before: filter.before });
  }
  for (const edge of edges) {
    const params = new SqlParams();
    const where = logFilterSql(projectId, { ...base, ...edge }, params);
    const { rows } = await sql.query<{ level: string; n: number }>(`SELECT l.level, count(*)::int AS n FROM logs l WHERE ${where} GROUP BY l.level`, params.values);
    for (const r of rows) rollups.set(r.level, (rollups.get(r.level) ?? 0) + Number(r.n));
  }
  return rollups;
}

/**
 * The latest rollup hour from which the project has at least `count` logs matching `filter`
 * (counting back from the newest hour), or undefined when it has fewer in all: the start of
 * the shortest window that holds a page (see `findNewestLogs`).
 */
export async function findRollupWindowStart(sql: SqlClient, projectId: string, filter: RollupFilter, count: number): Promise<Date | undefined> {
  const params = new SqlParams();
  const where = rollupWhere([projectId], filter, params);
  const { rows } = await sql.query<{ hour: Date | string }>(
    `SELECT s.hour FROM (
       SELECT r.hour, sum(sum(r.count)) OVER (ORDER BY r.hour DESC) AS running FROM log_rollups_hourly r WHERE ${where} GROUP BY r.hour
     ) s WHERE s.running >= ${params.add(count)} ORDER BY s.hour DESC LIMIT 1`,
    params.values,
  );
  return rows[0] ? new Date(rows[0].hour) : undefined;
}

import { ceilHour, floorHour } from '@seyir/domain';
import type { SqlClient } from '../connection.js';
import { logFilterSql, SqlParams, type LogFilter } from './logs-filter-sql.js';
import { dayBucketCeil, dayBucketFloor } from './rollup-buckets.js';

const HOUR_MS = 3_600_000;

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
  // One project as plain equality: `= ANY(array)` keeps PostgreSQL from reading the primary key in order.
  const where = [projectIds.length === 1 ? `r.project_id = ${params.add(projectIds[0])}::uuid` : `r.project_id = ANY(${params.add(projectIds)}::uuid[])`];
  if (filter.levels?.length) where.push(`r.level = ANY(${params.add(filter.levels)}::text[])`);
  if (filter.environment) where.push(`r.environment = ${params.add(filter.environment)}`);
  if (filter.from) where.push(`r.hour >= ${params.add(filter.from)}`);
  if (filter.before) where.push(`r.hour < ${params.add(filter.before)}`);
  return where.join(' AND ');
}

/** A range of rollup hours: hours starting at or after `from` and before `before` (either open). */
export type RollupRange = Pick<RollupFilter, 'from' | 'before'>;

/**
 * The parts a range is read from: whole daily buckets inside it, and the hours at its edges
 * that no whole bucket covers (`null` is an open end). Every hour of the range is in exactly
 * one part, so the sums equal those of the hourly rollups alone.
 */
export function rollupParts(range: RollupRange): { kind: 'day' | 'hour'; from: Date | null; before: Date | null }[] {
  const from = range.from?.getTime();
  const before = range.before?.getTime();
  // An hour is counted when it starts in [from, before): the first whole bucket starts at or
  // after `from`, the last one ends at or before the first bucket boundary not after `before`.
  const firstDay = from === undefined ? undefined : dayBucketCeil(ceilHourMs(from));
  const lastDayEnd = before === undefined ? undefined : dayBucketFloor(ceilHourMs(before));
  if (firstDay !== undefined && lastDayEnd !== undefined && firstDay >= lastDayEnd) {
    return [{ kind: 'hour', from: range.from ?? null, before: range.before ?? null }];
  }
  const date = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));
  const parts: ReturnType<typeof rollupParts> = [{ kind: 'day', from: date(firstDay), before: date(lastDayEnd) }];
  if (range.from && firstDay! > from!) parts.push({ kind: 'hour', from: range.from, before: date(firstDay) });
  if (range.before && lastDayEnd! < before!) parts.push({ kind: 'hour', from: date(lastDayEnd), before: range.before });
  return parts;
}

function ceilHourMs(ms: number): number {
  return Math.ceil(ms / HOUR_MS) * HOUR_MS;
}

/**
 * Logs per level in each of `ranges`, from the rollups of `projectIds` (one statement): whole
 * daily buckets from log_rollups_daily, edge hours from log_rollups_hourly. Answers one map per
 * range, in order. A 30-day range reads ~30 rows per level and environment, not ~720.
 */
export async function sumRollupsByLevelInRanges(
  sql: SqlClient,
  projectIds: readonly string[],
  filter: Pick<RollupFilter, 'levels' | 'environment'>,
  ranges: readonly RollupRange[],
): Promise<Map<string, number>[]> {
  const sums = ranges.map(() => new Map<string, number>());
  if (projectIds.length === 0 || ranges.length === 0) return sums;
  const parts = ranges.flatMap((range, i) => rollupParts(range).map((part) => ({ ...part, i })));
  const params = new SqlParams();
  const where = rollupWhere(projectIds, { levels: filter.levels, environment: filter.environment }, params);
  const p = {
    i: params.add(parts.map((x) => x.i)),
    kind: params.add(parts.map((x) => x.kind)),
    from: params.add(parts.map((x) => x.from)),
    before: params.add(parts.map((x) => x.before)),
  };
  const arm = (table: string, column: string, kind: string) =>
    `SELECT p.i, r.level, r.count FROM parts p JOIN ${table} r
       ON ${where} AND r.${column} >= coalesce(p.f, '-infinity') AND r.${column} < coalesce(p.b, 'infinity')
     WHERE p.kind = '${kind}'`;
  const { rows } = await sql.query<{ i: number; level: string; n: number }>(
    `WITH parts AS MATERIALIZED (SELECT * FROM unnest(${p.i}::int[], ${p.kind}::text[], ${p.from}::timestamptz[], ${p.before}::timestamptz[]) AS p(i, kind, f, b))
     SELECT s.i, s.level, sum(s.count)::bigint AS n FROM (${arm('log_rollups_daily', 'day', 'day')} UNION ALL ${arm('log_rollups_hourly', 'hour', 'hour')}) s
     GROUP BY s.i, s.level`,
    params.values,
  );
  for (const r of rows) sums[Number(r.i)]!.set(r.level, Number(r.n));
  return sums;
}

/** Logs per level from the rollups of `projectIds` (whole hours only). */
export async function sumRollupsByLevel(sql: SqlClient, projectIds: readonly string[], filter: RollupFilter): Promise<Map<string, number>> {
  const [sums] = await sumRollupsByLevelInRanges(sql, projectIds, filter, [{ from: filter.from, before: filter.before }]);
  return sums!;
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
  // Shaped so PostgreSQL streams it: the primary key read backwards from the newest hour,
  // summed per hour and run through the window in that order, stopping at the first hour that
  // reaches `count` (a page near the top reads an hour or two of rows, not the project's all).
  const { rows } = await sql.query<{ hour: Date | string }>(
    `SELECT s.hour FROM (
       SELECT h.hour, sum(h.n) OVER (ORDER BY h.hour DESC ROWS UNBOUNDED PRECEDING) AS running
       FROM (SELECT r.hour, sum(r.count) AS n FROM log_rollups_hourly r WHERE ${where} GROUP BY r.hour ORDER BY r.hour DESC) h
     ) s WHERE s.running >= ${params.add(count)} LIMIT 1`,
    params.values,
  );
  return rows[0] ? new Date(rows[0].hour) : undefined;
}

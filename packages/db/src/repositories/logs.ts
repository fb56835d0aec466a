import type { SqlClient } from '../connection.js';
import { JSON_COLUMNS, type LogFieldSource } from '@seyir/domain';
import { logFilterSql, SqlParams, type LogFilter } from './logs-filter-sql.js';

/** Severity order used in SQL (array_position gives 1 … 5). */
const LEVEL_ORDER_SQL = `ARRAY['DEBUG','INFO','WARNING','ERROR','CRITICAL']`;

/** A log as listed: the light columns only. */
export interface LogListRow {
  id: string;
  projectId: string;
  timestamp: Date;
  level: string;
  message: string;
  environment: string;
  host: string;
  tags: string[];
  groupId: string | null;
  hasException: boolean;
  /** The extra columns asked for (`LogPageOptions.fields`), in their order; null when absent. */
  fields?: unknown[];
}

/** A whole stored log. */
export interface LogDetailRow extends LogListRow {
  logger: string;
  release: string;
  receivedAt: Date;
  metadata: Record<string, unknown> | null;
  context: Record<string, unknown> | null;
  exception: Record<string, unknown> | null;
  request: Record<string, unknown> | null;
  response: Record<string, unknown> | null;
}

export const LOG_LIST_COLUMNS = `l.id, l.project_id, l.timestamp, l.level, l.message, l.environment, l.host, l.tags, l.group_id, (l.exception IS NOT NULL) AS has_exception`;

/** A listed log as the database answers it (snake case). */
export interface RawLog {
  id: string;
  project_id: string;
  timestamp: Date | string;
  level: string;
  message: string;
  environment: string;
  host: string;
  tags: string[] | null;
  group_id: string | null;
  has_exception: boolean;
  fields?: unknown[];
}

export function toLogListRow(r: RawLog): LogListRow {
  return {
    id: r.id,
    projectId: r.project_id,
    timestamp: new Date(r.timestamp),
    level: r.level,
    message: r.message,
    environment: r.environment,
    host: r.host,
    tags: r.tags ?? [],
    groupId: r.group_id,
    hasException: r.has_exception,
    ...(r.fields ? { fields: r.fields } : {}),
  };
}

export interface LogPageOptions {
  skip: number;
  limit: number;
  /** Default: timestamp. Level sorts by severity, newest first within a level. */
  sortBy?: 'timestamp' | 'level';
  /** Default: desc. */
  sortOrder?: 'asc' | 'desc';
  /** Extra columns to read for each row (a saved view's logger, release, custom keys). */
  fields?: readonly LogFieldSource[] | undefined;
}

/**
 * The select item of the extra columns: one JSON array, in the order asked. Column names come
 * from fixed lists (the source's kind), JSON paths are parameters.
 */
function fieldsSql(fields: readonly LogFieldSource[], params: SqlParams): string {
  const items = fields.map((f) => {
    if (f.kind === 'attribute') return f.field === 'logger' ? 'l.logger' : 'l.release';
    const column = JSON_COLUMNS.find((c) => c === f.column);
    if (!column) throw new Error(`unknown JSON column ${f.column}`);
    return `l.${column} #> ${params.add(f.path)}::text[]`;
  });
  return `, jsonb_build_array(${items.join(', ')}) AS fields`;
}

/** One page of a project's logs matching `filter`. */
export async function findLogs(sql: SqlClient, projectId: string, filter: LogFilter, page: LogPageOptions): Promise<LogListRow[]> {
  const params = new SqlParams();
  const where = logFilterSql(projectId, filter, params);
  const dir = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const order =
    page.sortBy === 'level' ? `array_position(${LEVEL_ORDER_SQL}, l.level) ${dir}, l.timestamp DESC, l.id DESC` : `l.timestamp ${dir}, l.id ${dir}`;
  const extra = page.fields?.length ? fieldsSql(page.fields, params) : '';
  const { rows } = await sql.query<RawLog>(
    `SELECT ${LOG_LIST_COLUMNS}${extra} FROM logs l WHERE ${where} ORDER BY ${order} LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.skip)}`,
    params.values,
  );
  return rows.map(toLogListRow);
}

/**
 * One page of logs, newest first, read from the first of `windowStarts` (oldest last) whose
 * window `[start, now]` holds the whole page, else from all days. The answer is the same as
 * `findLogs` without windows (a window holds every log newer than its start), but a short
 * window lets PostgreSQL plan and read only its few day partitions instead of all of them:
 * the cost follows the page, not the table's age.
 */
export async function findNewestLogs(
  sql: SqlClient,
  projectId: string,
  filter: LogFilter,
  page: { skip: number; limit: number; fields?: readonly LogFieldSource[] | undefined },
  windowStarts: readonly Date[],
): Promise<LogListRow[]> {
  const options = { ...page, sortBy: 'timestamp' as const, sortOrder: 'desc' as const };
  for (const start of windowStarts) {
    if (filter.from && filter.from >= start) break; // the filter's own range is narrower
    if (filter.before && filter.before <= start) continue; // nothing of the range is in this window
    const rows = await findLogs(sql, projectId, { ...filter, from: start }, options);
    if (rows.length === page.limit) return rows;
  }
  return findLogs(sql, projectId, filter, options);
}

/**
 * Counts a project's logs matching `filter` per level by reading them, stopping after `cap`
 * rows: `capped` says the count stopped there (the per-level split is then of those rows only).
 */
export async function countLogsCapped(sql: SqlClient, projectId: string, filter: LogFilter, cap: number): Promise<{ byLevel: Map<string, number>; capped: boolean }> {
  const params = new SqlParams();
  const where = logFilterSql(projectId, filter, params);
  const { rows } = await sql.query<{ level: string; n: number }>(
    `SELECT s.level, count(*)::int AS n FROM (SELECT l.level FROM logs l WHERE ${where} LIMIT ${params.add(cap + 1)}) s GROUP BY s.level`,
    params.values,
  );
  const byLevel = new Map(rows.map((r) => [r.level, Number(r.n)]));
  const total = [...byLevel.values()].reduce((a, b) => a + b, 0);
  if (total <= cap) return { byLevel, capped: false };
  // Drop the one row past the cap from the largest level so the totals read `cap`.
  const [top] = [...byLevel.entries()].sort((a, b) => b[1] - a[1]);
  if (top) byLevel.set(top[0], top[1] - (total - cap));
  return { byLevel, capped: true };
}

/**
 * `countLogsCapped` read from the newest days first: in each window `[start, …)` of
 * `windowStarts` (oldest last), then in all days. A window that already reaches `cap` answers
 * (the whole range holds at least as many): a common word is counted in the last day's
 * partitions, without planning or reading the other thirty.
 */
export async function countLogsCappedNewestFirst(
  sql: SqlClient,
  projectId: string,
  filter: LogFilter,
  cap: number,
  windowStarts: readonly Date[],
): Promise<{ byLevel: Map<string, number>; capped: boolean }> {
  for (const start of windowStarts) {
    if (filter.from && filter.from >= start) break;
    if (filter.before && filter.before <= start) continue;
    const counted = await countLogsCapped(sql, projectId, { ...filter, from: start }, cap);
    if (counted.capped) return counted;
  }
  return countLogsCapped(sql, projectId, filter, cap);
}

/**
 * One log of one project, or undefined. `timeMs` (the time inside a UUIDv7 log id) lets the
 * lookup read a single day partition instead of all of them.
 */
export async function getLog(sql: SqlClient, projectId: string, logId: string, timeMs?: number): Promise<LogDetailRow | undefined> {
  const params = new SqlParams();
  const where = [`l.project_id = ${params.add(projectId)}`, `l.id = ${params.add(logId)}`];
  if (timeMs !== undefined) where.push(`l.timestamp >= ${params.add(new Date(timeMs))}`, `l.timestamp < ${params.add(new Date(timeMs + 1))}`);
  const { rows } = await sql.query<
    RawLog & {
      logger: string;
      release: string;
      received_at: Date | string;
      metadata: Record<string, unknown> | null;
      context: Record<string, unknown> | null;
      exception: Record<string, unknown> | null;
      request: Record<string, unknown> | null;
      response: Record<string, unknown> | null;
    }
  >(
    `SELECT ${LOG_LIST_COLUMNS}, l.logger, l.release, l.received_at, l.metadata, l.context, l.exception, l.request, l.response
     FROM logs l WHERE ${where.join(' AND ')} LIMIT 1`,
    params.values,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    ...toLogListRow(r),
    logger: r.logger,
    release: r.release,
    receivedAt: new Date(r.received_at),
    metadata: r.metadata,
    context: r.context,
    exception: r.exception,
    request: r.request,
    response: r.response,
  };
}

/**
 * The newest logs across several projects (one short index scan per project, then merged).
 * Read from the last day first, so only its partitions are planned; from all days when the
 * last day holds fewer than `limit` (the same answer either way).
 */
export async function findRecentLogs(sql: SqlClient, projectIds: readonly string[], limit: number, now = new Date()): Promise<LogListRow[]> {
  if (projectIds.length === 0) return [];
  const read = async (since: Date | null) =>
    (
      await sql.query<RawLog>(
        `SELECT r.* FROM unnest($1::uuid[]) AS p(id)
         CROSS JOIN LATERAL (SELECT ${LOG_LIST_COLUMNS} FROM logs l WHERE l.project_id = p.id ${since ? 'AND l.timestamp >= $3' : ''}
                             ORDER BY l.timestamp DESC, l.id DESC LIMIT $2) r
         ORDER BY r.timestamp DESC, r.id DESC LIMIT $2`,
        since ? [projectIds, limit, since] : [projectIds, limit],
      )
    ).rows;
  const recent = await read(new Date(now.getTime() - 86_400_000));
  return (recent.length === limit ? recent : await read(null)).map(toLogListRow);
}

/** The custom parts of a sampled log; each JSON column only when small enough to be worth reading. */
export interface LogFieldSampleRow {
  tags: string[];
  metadata: unknown;
  context: unknown;
  request: unknown;
  response: unknown;
}

/** JSON columns larger than this (bytes as stored) are left out of the field sample. */
const FIELD_SAMPLE_MAX_BYTES = 8192;

/** The newest `limit` logs of a project since `since`: what GET /logs/fields summarises. */
export async function sampleLogFields(sql: SqlClient, projectId: string, since: Date, limit: number): Promise<LogFieldSampleRow[]> {
  const small = (column: string) => `CASE WHEN pg_column_size(l.${column}) <= $4 THEN l.${column} END AS ${column}`;
  const { rows } = await sql.query<LogFieldSampleRow>(
    `SELECT l.tags, ${['metadata', 'context', 'request', 'response'].map(small).join(', ')}
     FROM logs l WHERE l.project_id = $1 AND l.timestamp >= $2 ORDER BY l.timestamp DESC LIMIT $3`,
    [projectId, since, limit, FIELD_SAMPLE_MAX_BYTES],
  );
  return rows.map((r) => ({ ...r, tags: r.tags ?? [] }));
}

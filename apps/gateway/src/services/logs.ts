import {
  AppError,
  FIELD_SAMPLE_HOURS,
  FIELD_SAMPLE_LOGS,
  summarizeFields,
  type LogFieldsResponse,
  READ_MESSAGES,
  SEARCH_COUNT_CAP,
  SEARCH_WINDOW_DAYS,
  type LogCounts,
  type LogDetail,
  type LogFilterQuery,
  type LogItem,
  type LogListQuery,
  type LogPage,
  type LogStats,
  queryTimeBounds,
} from '@seyir/domain';
import { countLogsByLevel, countLogsCappedNewestFirst, findLogs, findNewestLogs, findRollupWindowStart, getLog, sampleLogFields, type LogDetailRow, type LogFilter, type LogListRow } from '@seyir/db';
import { timeOfLogId } from '@seyir/pipeline';
import type { AppDeps } from '../deps.js';

type ReadDeps = Pick<AppDeps, 'database' | 'now'>;

/** A listed log in the API's field names (§3). */
export function presentLogItem(row: LogListRow, fieldKeys?: readonly string[]): LogItem {
  const item: LogItem = {
    _id: row.id,
    id: row.id,
    project_id: row.projectId,
    timestamp: row.timestamp.toISOString(),
    level: row.level,
    message: row.message,
    environment: row.environment,
    host: row.host,
    tags: row.tags,
    group_id: row.groupId,
    has_exception: row.hasException,
  };
  if (fieldKeys?.length) item.fields = Object.fromEntries(fieldKeys.map((key, i) => [key, row.fields?.[i] ?? null]));
  return item;
}

/** The whole §3 Log. */
export function presentLogDetail(row: LogDetailRow): LogDetail {
  return {
    ...presentLogItem(row),
    logger: row.logger,
    release: row.release,
    received_at: row.receivedAt.toISOString(),
    metadata: row.metadata,
    context: row.context,
    exception: row.exception,
    request: row.request,
    response: row.response,
  };
}

/**
 * The filter of a list or stats request. The `since:`/`until:` a `q` requires also narrow
 * `from`/`before` (the same condition twice), so only the days it can match are planned and read.
 */
function toLogFilter(query: LogFilterQuery, now: Date): LogFilter {
  const bounds = query.q ? queryTimeBounds(query.q, now) : {};
  const from = [query.from, bounds.from].reduce<Date | undefined>((a, b) => (!a || (b && b > a) ? b : a), undefined);
  const before = [query.before, bounds.before].reduce<Date | undefined>((a, b) => (!a || (b && b < a) ? b : a), undefined);
  return { levels: query.levels, environment: query.environment, search: query.search, from, before, query: query.q, now };
}

/**
 * Logs per level for a filter: exact from the hourly rollups (plus the partial edge hours)
 * when there is no text search nor `q`; with either, counted from the logs up to
 * SEARCH_COUNT_CAP, past which the totals are a lower bound (`isEstimate`).
 */
async function countByLevel(deps: ReadDeps, projectId: string, filter: LogFilter): Promise<{ byLevel: Map<string, number>; isEstimate: boolean }> {
  if (filter.search || filter.query) {
    // The last day, then all days: a count that stops at the cap stops as early over all days
    // (it needs no order), so a middle window would only add a query for rarer terms.
    const { byLevel, capped } = await countLogsCappedNewestFirst(deps.database.sql, projectId, filter, SEARCH_COUNT_CAP, searchWindows(filter).slice(0, 1));
    return { byLevel, isEstimate: capped };
  }
  return { byLevel: await countLogsByLevel(deps.database.sql, projectId, filter), isEstimate: false };
}

/** Windows a search (or `q`) reads first, newest first: the last day, then the last week. */
function searchWindows(filter: LogFilter): Date[] {
  const now = (filter.now ?? new Date()).getTime();
  return SEARCH_WINDOW_DAYS.map((days) => new Date(now - days * 86_400_000));
}

function cardsOf(byLevel: Map<string, number>): LogCounts {
  const n = (level: string) => byLevel.get(level) ?? 0;
  const total = [...byLevel.values()].reduce((a, b) => a + b, 0);
  return { total, error: n('ERROR') + n('CRITICAL'), warning: n('WARNING'), info: n('INFO') };
}

/**
 * The page's rows. Newest first without text search (the usual view), the hourly rollups tell
 * how far back the page reaches, and only those days are read (`findNewestLogs`).
 */
async function findPage(deps: ReadDeps, projectId: string, filter: LogFilter, query: LogListQuery): Promise<LogListRow[]> {
  const sql = deps.database.sql;
  const page = { skip: query.skip, limit: query.limit, fields: query.fields?.map((f) => f.source) };
  if (query.sortBy !== 'timestamp' || query.sortOrder !== 'desc') {
    return findLogs(sql, projectId, filter, { ...page, sortBy: query.sortBy, sortOrder: query.sortOrder });
  }
  // A text search or `q`: how far back a page reaches is unknown, so the last day is tried,
  // then the last week, then everything (a common word fills its page from the newest day).
  if (filter.search || filter.query) return findNewestLogs(sql, projectId, filter, page, searchWindows(filter));
  const start = await findRollupWindowStart(sql, projectId, { levels: filter.levels, environment: filter.environment, from: filter.from, before: filter.before }, page.skip + page.limit);
  return findNewestLogs(sql, projectId, filter, page, start ? [start] : []);
}

/** One page of a project's logs with its total and the four count cards, for the same filters. */
export async function findLogPage(deps: ReadDeps, projectId: string, query: LogListQuery): Promise<LogPage> {
  const filter = toLogFilter(query, deps.now());
  const [rows, counted] = await Promise.all([findPage(deps, projectId, filter, query), countByLevel(deps, projectId, filter)]);
  const counts = cardsOf(counted.byLevel);
  return {
    items: rows.map((row) => presentLogItem(row, query.fields?.map((f) => f.key))),
    total: counts.total,
    skip: query.skip,
    limit: query.limit,
    total_is_estimate: counted.isEstimate,
    counts,
  };
}

/** §3 Log stats for the same filters as the list. */
export async function getLogStats(deps: ReadDeps, projectId: string, query: LogFilterQuery): Promise<LogStats> {
  const { byLevel, isEstimate } = await countByLevel(deps, projectId, toLogFilter(query, deps.now()));
  const level_distribution = Object.fromEntries([...byLevel.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { total_logs: cardsOf(byLevel).total, level_distribution, total_is_estimate: isEstimate };
}

/** One log of the project; NOT_FOUND for an unknown id or a log of another project. */
export async function getLogDetail(deps: ReadDeps, projectId: string, logId: string): Promise<LogDetail> {
  const row = await getLog(deps.database.sql, projectId, logId, timeOfLogId(logId));
  if (!row) throw new AppError('NOT_FOUND', READ_MESSAGES.logNotFound);
  return presentLogDetail(row);
}

/**
 * The custom keys of the project's recent logs (the newest FIELD_SAMPLE_LOGS of the last
 * FIELD_SAMPLE_HOURS hours) with their top values: suggestions for the search box.
 */
export async function findLogFields(deps: ReadDeps, projectId: string): Promise<LogFieldsResponse> {
  const since = new Date(deps.now().getTime() - FIELD_SAMPLE_HOURS * 3_600_000);
  const samples = await sampleLogFields(deps.database.sql, projectId, since, FIELD_SAMPLE_LOGS);
  return { sampled: samples.length, since: since.toISOString(), fields: summarizeFields(samples) };
}

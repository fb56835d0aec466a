import { searchPattern, type QueryNode } from '@seyir/domain';
import { logQuerySql } from './query-sql.js';
import { logTextSql } from './search-text-sql.js';

export { EXCEPTION_SEARCH_TEXT_SQL } from './search-text-sql.js';

/** Collects the parameters of one statement and answers their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** What a list of logs may be narrowed by. Every filter is optional; the project is not. */
export interface LogFilter {
  levels?: readonly string[] | undefined;
  environment?: string | undefined;
  /** Terms that must all occur / must not occur (see `parseSearch` in the domain). */
  search?: { include: readonly string[]; exclude: readonly string[] } | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  before?: Date | undefined;
  groupId?: string | undefined;
  /** A parsed `q` (the search language); `now` anchors its relative times. */
  query?: QueryNode | undefined;
  now?: Date | undefined;
}

/**
 * The WHERE conditions of a filtered logs query over `logs l`, always scoped to one project
 * (or to a list of them), with every value passed as a parameter.
 */
export function logFilterSql(projectId: string, filter: LogFilter, params: SqlParams): string {
  const where = [`l.project_id = ${params.add(projectId)}`];
  if (filter.groupId) where.push(`l.group_id = ${params.add(filter.groupId)}`);
  if (filter.levels?.length) where.push(`l.level = ANY(${params.add(filter.levels)}::text[])`);
  if (filter.environment) where.push(`l.environment = ${params.add(filter.environment)}`);
  if (filter.from) where.push(`l.timestamp >= ${params.add(filter.from)}`);
  if (filter.before) where.push(`l.timestamp < ${params.add(filter.before)}`);
  for (const term of filter.search?.include ?? []) where.push(logTextSql(params.add(searchPattern(term))));
  for (const term of filter.search?.exclude ?? []) where.push(`NOT ${logTextSql(params.add(searchPattern(term)))}`);
  if (filter.query) where.push(logQuerySql(filter.query, params, filter.now ?? new Date()));
  return where.join(' AND ');
}

import { searchPattern } from '@seyir/domain';

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
}

/**
 * The text a search reads: the message, the exception's type and its value, joined by newlines.
 * It is exactly the expression of the trigram index `logs_search_trgm_idx` (migration 0005), so
 * that index serves the search. Search terms never hold a newline, so a phrase never spans two
 * fields.
 */
export const SEARCH_TEXT_SQL = `(l.message || E'\\n' || coalesce(l.exception->>'type', '') || E'\\n' || coalesce(l.exception->>'value', l.exception->>'message', ''))`;

/** Whether `pattern` (a regex parameter) occurs in the message or the exception's type or value. */
function matchesSql(pattern: string): string {
  return `${SEARCH_TEXT_SQL} ~ ${pattern}`;
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
  for (const term of filter.search?.include ?? []) where.push(matchesSql(params.add(searchPattern(term))));
  for (const term of filter.search?.exclude ?? []) where.push(`NOT ${matchesSql(params.add(searchPattern(term)))}`);
  return where.join(' AND ');
}

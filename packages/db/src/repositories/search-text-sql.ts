/**
 * The text a search reads: the message, the exception's type and its value, joined by newlines.
 * It is exactly the expression of the trigram index `logs_search_trgm_idx` (migration 0005), so
 * that index serves the search. Search terms never hold a newline, so a phrase never spans two
 * fields.
 */
export const SEARCH_TEXT_SQL = `(l.message || E'\\n' || coalesce(l.exception->>'type', '') || E'\\n' || coalesce(l.exception->>'value', l.exception->>'message', ''))`;

/** Whether `pattern` (a regex parameter) occurs in the message or the exception's type or value. */
export function logTextSql(pattern: string): string {
  return `${SEARCH_TEXT_SQL} ~ ${pattern}`;
}

/**
 * The exception text a search reads: type and value, newline-separated (search terms never
 * hold a newline, so a phrase never spans the two). The same expression as the partial trigram
 * index `logs_exception_trgm_idx` (migration 0005_search_trigram_indexes), which therefore serves it.
 */
export const EXCEPTION_SEARCH_TEXT_SQL = `(coalesce(l.exception->>'type', '') || E'\\n' || coalesce(l.exception->>'value', l.exception->>'message', ''))`;

/**
 * Whether `pattern` (a regex parameter) occurs in the message or the exception's type or value.
 * Each arm has its trigram index (`logs_message_trgm_idx`, `logs_exception_trgm_idx`), which
 * PostgreSQL combines with a BitmapOr.
 */
export function logTextSql(pattern: string): string {
  return `(l.message ~ ${pattern} OR (l.exception IS NOT NULL AND ${EXCEPTION_SEARCH_TEXT_SQL} ~ ${pattern}))`;
}

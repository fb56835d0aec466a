import { QUERY_MESSAGES as M } from './messages.js';

/**
 * Why a query does not parse: `position` is the 0-based offset of the offending character,
 * `reason` the bare Turkish reason, `message` the sentence shown to people ("12. karakterde hata: …").
 */
export class QueryParseError extends Error {
  override readonly name = 'QueryParseError';

  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(M.at(position, reason));
  }
}

export function isQueryParseError(error: unknown): error is QueryParseError {
  return error instanceof QueryParseError || (error instanceof Error && error.name === 'QueryParseError' && 'position' in error);
}

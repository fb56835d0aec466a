import { tryParseQuery, type QueryScope } from '@seyir/domain';
import { useState } from 'react';

/**
 * The error a search box shows for its draft query: once a submit found the draft wrong, the
 * parse error (position and Turkish reason) until it is fixed; else the server's refusal of the
 * applied query while the draft is still that query. `check()` on submit answers whether the
 * draft may be sent, and starts showing its error when not.
 */
export function useQueryCheck(draft: string, applied: string, scope: QueryScope, serverError: string | undefined) {
  const [showError, setShowError] = useState(false);
  const parsed = tryParseQuery(draft, scope);
  const error = !parsed.ok && showError ? parsed.error.message : draft === applied ? serverError : undefined;
  return {
    error,
    check(): boolean {
      setShowError(!parsed.ok);
      return parsed.ok;
    },
    reset(): void {
      setShowError(false);
    },
  };
}

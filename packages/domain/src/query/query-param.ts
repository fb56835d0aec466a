import { z } from 'zod';
import type { QueryScope } from './ast.js';
import { tryParseQuery } from './parse-query.js';

/**
 * The `q` parameter of the logs and groups APIs: a query in the search language, parsed here
 * so a bad one is a 422 whose detail names the position ("7. karakterde hata: …"), never a 500.
 * A blank query reads as absent.
 */
export function queryParam(scope: QueryScope) {
  return z
    .string()
    .transform((raw, ctx) => {
      const result = tryParseQuery(raw, scope);
      if (result.ok) return result.query;
      ctx.addIssue({ code: 'custom', message: result.error.message });
      return z.NEVER;
    })
    .optional();
}

import { describe, expect, it } from 'vitest';
import { tryParseQuery } from './parse-query.js';
import { QUERY_LANGUAGE_REFERENCE } from './reference.js';

describe('the query language reference', () => {
  const rows = QUERY_LANGUAGE_REFERENCE.flatMap((s) => s.rows.flatMap((r) => (r.scopes ?? (['logs', 'groups'] as const)).map((scope) => [r.example, scope] as const)));

  it.each(rows)('%s parses on the %s screen', (example, scope) => {
    const result = tryParseQuery(example, scope);
    expect(result.ok ? 'ok' : result.error.message).toBe('ok');
    expect(result.ok && result.query).toBeTruthy();
  });
});

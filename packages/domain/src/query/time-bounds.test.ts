import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.js';
import { queryTimeBounds } from './time-bounds.js';

const now = new Date('2026-11-22T12:00:00Z');
const bounds = (q: string) => {
  const { from, before } = queryTimeBounds(parseQuery(q, 'logs')!, now);
  return { from: from?.toISOString(), before: before?.toISOString() };
};

describe('queryTimeBounds', () => {
  it('takes the since:/until: every match must satisfy, the narrowest of them', () => {
    expect(bounds('since:24h')).toEqual({ from: '2026-11-21T12:00:00.000Z', before: undefined });
    expect(bounds('level:error since:7d ödeme since:1h until:2026-11-22T11:30:00Z')).toEqual({ from: '2026-11-22T11:00:00.000Z', before: '2026-11-22T11:30:00.001Z' }); // until is inclusive
    expect(bounds('(since:1h tags:db) timeout')).toEqual({ from: '2026-11-22T11:00:00.000Z', before: undefined });
  });

  it('ignores terms under OR or NOT, which do not bound every match', () => {
    expect(bounds('since:1h OR level:error')).toEqual({ from: undefined, before: undefined });
    expect(bounds('-since:1h ödeme')).toEqual({ from: undefined, before: undefined });
    expect(bounds('ödeme')).toEqual({ from: undefined, before: undefined });
  });
});

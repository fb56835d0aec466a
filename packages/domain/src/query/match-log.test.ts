import { describe, expect, it } from 'vitest';
import { queryMatchesLog, type MatchableLog } from './match-log.js';
import { parseQuery } from './parse-query.js';

const now = new Date('2026-11-10T12:00:00Z');
const log: MatchableLog = { message: 'IŞIK sensörü arızalı', level: 'WARNING', timestamp: '2026-11-10T11:30:00Z', environment: 'production', host: 'web-1', tags: ['iot'], has_exception: false };
const check = (q: string) => queryMatchesLog(parseQuery(q)!, log, now);

describe('queryMatchesLog', () => {
  it('decides what a listed log tells', () => {
    expect(check('ışık level:>=warning env:prod* host:web-1 tags:iot since:1h')).toBe(true);
    expect(check('level:error')).toBe(false);
    expect(check('-tags:iot OR env:staging')).toBe(false);
    expect(check('since:10m')).toBe(false);
    expect(check('has:exception')).toBe(false);
  });

  it('answers undefined when it depends on fields the list does not carry', () => {
    expect(check('metadata.user_id:42')).toBeUndefined();
    expect(check('-logger:app')).toBeUndefined();
    expect(check('metadata.user_id:42 level:error')).toBe(false);
    expect(check('metadata.user_id:42 OR level:warning')).toBe(true);
  });
});

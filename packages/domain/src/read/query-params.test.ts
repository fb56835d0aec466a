import { describe, expect, it } from 'vitest';
import { LogListQuerySchema } from './log-queries.js';
import { parseInstant } from './query-params.js';

describe('parseInstant', () => {
  it('reads offsets, Z and Istanbul wall-clock times', () => {
    expect(parseInstant('2025-03-05T10:00:00Z')?.toISOString()).toBe('2025-03-05T10:00:00.000Z');
    expect(parseInstant('2025-03-05T10:00:00+01:00')?.toISOString()).toBe('2025-03-05T09:00:00.000Z');
    expect(parseInstant('2025-03-05T10:00')?.toISOString()).toBe('2025-03-05T07:00:00.000Z');
    expect(parseInstant('2025-03-05')?.toISOString()).toBe('2025-03-04T21:00:00.000Z');
  });

  it('answers the exclusive bound of an end: the next ms, or the next local midnight', () => {
    expect(parseInstant('2025-03-05T10:00:00.000Z', { end: true })?.toISOString()).toBe('2025-03-05T10:00:00.001Z');
    expect(parseInstant('2025-03-05', { end: true })?.toISOString()).toBe('2025-03-05T21:00:00.000Z');
  });

  it('refuses what is not a real date', () => {
    expect(parseInstant('2025-02-30')).toBeUndefined();
    expect(parseInstant('dün')).toBeUndefined();
    expect(parseInstant('2025-03-05T25:00Z')).toBeUndefined();
  });
});

describe('LogListQuerySchema', () => {
  it('ignores blank values and applies the defaults', () => {
    const parsed = LogListQuerySchema.parse({ level: ' ', environment: '', search: '', limit: '' });
    expect(parsed).toMatchObject({ limit: 50, skip: 0, sortBy: 'timestamp', sortOrder: 'desc' });
    expect([parsed.levels, parsed.environment, parsed.search, parsed.from, parsed.before]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('reads levels case-insensitively with aliases', () => {
    expect(LogListQuerySchema.parse({ level: 'error,warn' }).levels).toEqual(['WARNING', 'ERROR']);
  });

  it('refuses a bad level, limit or range with Turkish messages', () => {
    expect(LogListQuerySchema.safeParse({ level: 'LOUD' }).error?.issues[0]?.message).toMatch(/Geçersiz seviye/);
    expect(LogListQuerySchema.safeParse({ limit: '501' }).error?.issues[0]?.message).toBe('limit 1 ile 500 arasında bir tam sayı olmalıdır.');
    expect(LogListQuerySchema.safeParse({ start_time: '2025-03-06', end_time: '2025-03-05T00:00:00Z' }).error?.issues[0]?.message).toBe(
      'Başlangıç zamanı bitiş zamanından sonra olamaz.',
    );
  });
});

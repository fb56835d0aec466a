import { describe, expect, it } from 'vitest';
import { rollupParts, type RollupRange } from './logs-rollups.js';
import { dayBucketCeil, dayBucketFloor } from './rollup-buckets.js';

const HOUR = 3_600_000;
const t = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;
const parts = (range: RollupRange) => rollupParts(range).map((p) => [p.kind, iso(p.from), iso(p.before)]);

/** The hours (starts) a range counts, as the hourly rollups alone would: start in [from, before). */
function hoursOf(range: Required<RollupRange>): number[] {
  const out: number[] = [];
  for (let h = Math.ceil(range.from.getTime() / HOUR) * HOUR; h < range.before.getTime(); h += HOUR) out.push(h);
  return out;
}

/** The hours the parts cover: a day part covers its buckets' 24 hours. */
function hoursOfParts(range: Required<RollupRange>): number[] {
  const out: number[] = [];
  for (const p of rollupParts(range)) {
    const from = p.from!.getTime();
    const before = p.before!.getTime();
    if (p.kind === 'hour') for (let h = Math.ceil(from / HOUR) * HOUR; h < before; h += HOUR) out.push(h);
    else for (let h = from; h < before; h += HOUR) out.push(h);
  }
  return out.sort((a, b) => a - b);
}

describe('daily rollup buckets', () => {
  it('start at 21:00 UTC, Istanbul midnight', () => {
    expect(new Date(dayBucketFloor(Date.parse('2026-11-22T10:15:00Z'))).toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(new Date(dayBucketFloor(Date.parse('2026-11-22T21:00:00Z'))).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(new Date(dayBucketCeil(Date.parse('2026-11-22T21:00:00Z'))).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(new Date(dayBucketCeil(Date.parse('2026-11-22T21:00:00.001Z'))).toISOString()).toBe('2026-11-23T21:00:00.000Z');
  });
});

describe('rollupParts', () => {
  it('reads an Istanbul day as one bucket', () => {
    expect(parts({ from: t('2026-11-21T21:00:00Z'), before: t('2026-11-22T21:00:00Z') })).toEqual([['day', '2026-11-21T21:00:00.000Z', '2026-11-22T21:00:00.000Z']]);
  });

  it('reads whole buckets and the edge hours of a 30-day window', () => {
    expect(parts({ from: t('2026-10-23T11:00:00Z'), before: t('2026-11-22T11:00:00Z') })).toEqual([
      ['day', '2026-10-23T21:00:00.000Z', '2026-11-21T21:00:00.000Z'],
      ['hour', '2026-10-23T11:00:00.000Z', '2026-10-23T21:00:00.000Z'],
      ['hour', '2026-11-21T21:00:00.000Z', '2026-11-22T11:00:00.000Z'],
    ]);
  });

  it('reads a range within a bucket from hours only, and open ends from buckets', () => {
    expect(parts({ from: t('2026-11-22T01:00:00Z'), before: t('2026-11-22T05:00:00Z') })).toEqual([['hour', '2026-11-22T01:00:00.000Z', '2026-11-22T05:00:00.000Z']]);
    expect(parts({})).toEqual([['day', null, null]]);
    expect(parts({ before: t('2026-11-22T05:00:00Z') })).toEqual([
      ['day', null, '2026-11-21T21:00:00.000Z'],
      ['hour', '2026-11-21T21:00:00.000Z', '2026-11-22T05:00:00.000Z'],
    ]);
  });

  it('covers every hour of any range exactly once, as the hourly rollups count it', () => {
    const base = Date.parse('2026-11-01T00:00:00Z');
    for (let i = 0; i < 500; i++) {
      // Ranges of 0 to 80 hours, starting and ending anywhere (partial hours too).
      const from = base + ((i * 7_919_321) % (20 * 24 * HOUR));
      const before = from + ((i * 104_729_113) % (80 * HOUR));
      const range = { from: new Date(from), before: new Date(before) };
      expect(hoursOfParts(range)).toEqual(hoursOf(range));
    }
  });
});

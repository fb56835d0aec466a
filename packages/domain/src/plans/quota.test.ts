import { describe, expect, it } from 'vitest';
import { overageFee } from './plans.js';
import { overageInBatch, quotaCrossings } from './quota.js';

describe('quota', () => {
  it('marks only the logs beyond the quota as overage', () => {
    expect(overageInBatch(0, 100, 50_000)).toBe(0);
    expect(overageInBatch(49_950, 100, 50_000)).toBe(50);
    expect(overageInBatch(60_000, 100, 50_000)).toBe(100);
  });

  it('reports 80 %, 100 % and each further 10,000 logs once', () => {
    expect(quotaCrossings(39_000, 40_500, 50_000)).toEqual([{ kind: 'quota_80', threshold: 40_000 }]);
    expect(quotaCrossings(49_999, 50_000, 50_000)).toEqual([{ kind: 'quota_100', threshold: 50_000 }]);
    expect(quotaCrossings(50_000, 59_999, 50_000)).toEqual([]);
    expect(quotaCrossings(59_999, 70_001, 50_000)).toEqual([
      { kind: 'overage', threshold: 60_000 },
      { kind: 'overage', threshold: 70_000 },
    ]);
    expect(quotaCrossings(0, 61_000, 50_000).map((e) => e.kind)).toEqual(['quota_80', 'quota_100', 'overage']);
  });

  it('charges 10 ₺ per started 10,000 logs over the quota', () => {
    expect(overageFee(50_000, 50_000)).toBe(0);
    expect(overageFee(50_001, 50_000)).toBe(10);
    expect(overageFee(70_000, 50_000)).toBe(20);
    expect(overageFee(70_001, 50_000)).toBe(30);
  });
});

import { describe, expect, it } from 'vitest';
import { retentionCutoff, retentionDaysOf, utcDay } from './retention.js';

describe('retention', () => {
  it('reads each plan’s retention from the plan table of the preset', () => {
    expect(retentionDaysOf('free')).toBe(7);
    expect(retentionDaysOf('standard')).toBe(30);
    expect(retentionDaysOf('professional')).toBe(90);
    expect(retentionDaysOf('free', 'faq')).toBe(3);
  });

  it('keeps logs of an unknown plan as long as the longest plan does', () => {
    expect(retentionDaysOf('enterprise')).toBe(90);
  });

  it('cuts at a UTC midnight, so logs live between N and N + 1 days', () => {
    const now = new Date('2026-06-15T12:30:00Z');
    expect(retentionCutoff(now, 7).toISOString()).toBe('2026-06-08T00:00:00.000Z');
    expect(retentionCutoff(new Date('2026-06-15T00:00:00Z'), 7).toISOString()).toBe('2026-06-08T00:00:00.000Z');
    expect(utcDay(new Date('2026-06-08T23:59:59Z'))).toBe('2026-06-08');
  });
});

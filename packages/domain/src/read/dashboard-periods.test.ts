import { describe, expect, it } from 'vitest';
import { activityDays, dashboardPeriods, percentChange } from './dashboard-periods.js';

describe('dashboard periods', () => {
  const now = new Date('2025-03-05T22:30:00Z'); // 01:30 on 6 March in Istanbul

  it('counts today from Istanbul midnight and compares it with the same hours of yesterday', () => {
    const p = dashboardPeriods(now, 'Europe/Istanbul');
    expect(p.today.from.toISOString()).toBe('2025-03-05T21:00:00.000Z');
    expect(p.today.before.toISOString()).toBe('2025-03-05T23:00:00.000Z');
    expect(p.yesterday.from.toISOString()).toBe('2025-03-04T21:00:00.000Z');
    expect(p.yesterday.before.toISOString()).toBe('2025-03-04T23:00:00.000Z');
    expect(p.last30.before.getTime() - p.last30.from.getTime()).toBe(30 * 86_400_000);
    expect(p.previous30.before).toEqual(p.last30.from);
  });

  it('lists local days oldest first, ending today', () => {
    const days = activityDays(now, 3, 'Europe/Istanbul');
    expect(days.map((d) => d.date)).toEqual(['2025-03-04', '2025-03-05', '2025-03-06']);
    expect(days[2]!.from.toISOString()).toBe('2025-03-05T21:00:00.000Z');
  });

  it('gives percent changes with one decimal', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(0);
  });
});

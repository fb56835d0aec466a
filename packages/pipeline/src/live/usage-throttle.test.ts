import type { LiveUsage } from '@seyir/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageThrottle } from './live-publisher.js';

const A = '0190a1b2-c3d4-4e5f-8a9b-0c1d2e3f4a5b';
const B = '0190a1b2-c3d4-4e5f-8a9b-0c1d2e3f4a5c';
const usage = (user: string, logs: number): LiveUsage => ({ user_id: user, month: '2026-11-01', logs, quota: 1000, percent_used: Math.floor(logs / 10), over_quota: logs > 1000 });

afterEach(() => vi.useRealTimers());

describe('UsageThrottle', () => {
  it('sends the first update at once, then at most one per interval per account, the newest of the wait', () => {
    vi.useFakeTimers();
    const sent: LiveUsage[] = [];
    const throttle = new UsageThrottle((u) => sent.push(u), 5000);
    throttle.offer(usage(A, 10));
    expect(sent.map((u) => u.logs)).toEqual([10]);
    throttle.offer(usage(A, 20));
    throttle.offer(usage(A, 40));
    throttle.offer(usage(A, 30)); // an older count arriving late is not sent over a newer one
    throttle.offer(usage(B, 5)); // another account is not held back
    expect(sent.map((u) => [u.user_id === A ? 'A' : 'B', u.logs])).toEqual([['A', 10], ['B', 5]]);
    vi.advanceTimersByTime(4999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent.map((u) => u.logs)).toEqual([10, 5, 40]);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(3);
  });

  it('drops what is waiting when closed', () => {
    vi.useFakeTimers();
    const sent: LiveUsage[] = [];
    const throttle = new UsageThrottle((u) => sent.push(u), 5000);
    throttle.offer(usage(A, 1));
    throttle.offer(usage(A, 2));
    throttle.close();
    vi.advanceTimersByTime(10_000);
    expect(sent.map((u) => u.logs)).toEqual([1]);
  });
});

import type { LiveBatch, LiveLog } from '@seyir/domain';
import { describe, expect, it } from 'vitest';
import { mergeFrames, withoutLogs } from './merge-frames.js';

const P = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const G = '0190a1b2-c3d4-4e5f-8a9b-0c1d2e3f4a5c';
const log = (n: number): LiveLog => {
  const id = `0190a1b2-c3d4-7e5f-8a9b-${String(n).padStart(12, '0')}`;
  return { _id: id, id, project_id: P, timestamp: '2025-03-10T10:00:00.000Z', level: 'INFO', message: `m${n}`, environment: 'production', host: '', tags: [], group_id: null };
};
const frame = (from: number, to: number, extra: Partial<LiveBatch> = {}): LiveBatch => ({
  project_id: P,
  logs: Array.from({ length: to - from }, (_, i) => log(from + i)),
  skipped: 0,
  groups: [],
  stats: null,
  ...extra,
});
const group = (count: number, flags: { is_new?: boolean; regressed?: boolean } = {}) => ({
  _id: G, id: G, group_id: G, project_id: P, count, last_seen: '2025-03-10T10:00:00.000Z', status: 'unresolved' as const, is_new: false, regressed: false, ...flags,
});
const stats = (date: string, total: number) => ({ project_id: P, date, today: { DEBUG: 0, INFO: total, WARNING: 0, ERROR: 0, CRITICAL: 0 }, today_total: total });

describe('mergeFrames', () => {
  it('keeps the newest logs of a burst and counts the ones it leaves out', () => {
    const merged = mergeFrames(frame(0, 150, { skipped: 7 }), frame(150, 300), 200);
    expect(merged.logs).toHaveLength(200);
    expect(merged.logs[0]!.message).toBe('m100');
    expect(merged.logs.at(-1)!.message).toBe('m299');
    expect(merged.skipped).toBe(107);
  });

  it('keeps one entry per group with the highest count, remembering it was new or regressed', () => {
    const merged = mergeFrames(frame(0, 0, { groups: [group(3, { is_new: true })] }), frame(0, 0, { groups: [group(9, { regressed: true })] }), 200);
    expect(merged.groups).toEqual([group(9, { is_new: true, regressed: true })]);
    expect(mergeFrames(frame(0, 0, { groups: [group(9)] }), frame(0, 0, { groups: [group(4)] }), 200).groups[0]!.count).toBe(9);
  });

  it('keeps the latest stats even when an older snapshot arrives last', () => {
    expect(mergeFrames(frame(0, 0, { stats: stats('2025-03-10', 50) }), frame(0, 0, { stats: stats('2025-03-10', 40) }), 200).stats?.today_total).toBe(50);
    expect(mergeFrames(frame(0, 0, { stats: stats('2025-03-10', 50) }), frame(0, 0, { stats: stats('2025-03-11', 1) }), 200).stats?.date).toBe('2025-03-11');
    expect(mergeFrames(frame(0, 0, { stats: stats('2025-03-10', 5) }), frame(0, 0), 200).stats?.today_total).toBe(5);
  });

  it('drops logs a catch-up already sent', () => {
    const f = frame(0, 3);
    expect(withoutLogs(f, new Set([f.logs[1]!._id])).logs.map((l) => l.message)).toEqual(['m0', 'm2']);
  });
});

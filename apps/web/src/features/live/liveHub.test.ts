import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub, type LiveFrame, type LiveTransport } from './liveHub';
import type { LiveStatus } from './liveSlice';
import { liveWhileCached } from './liveWhileCached';

function fakeTransport() {
  const calls: string[] = [];
  let handlers: Parameters<LiveTransport['open']>[0] | null = null;
  const transport: LiveTransport = {
    open: (h) => {
      handlers = h;
      calls.push('open');
    },
    join: (id) => calls.push(`join:${id}`),
    leave: (id) => calls.push(`leave:${id}`),
    close: () => calls.push('close'),
  };
  return { transport, calls, push: (name: string, payload: unknown) => handlers?.onEvent(name, payload), status: (s: LiveStatus) => handlers?.onStatus(s) };
}

const log = (id: string, project = 'p1') => ({ _id: id, project_id: project, timestamp: '2025-03-10T10:00:00Z', level: 'INFO', message: id });

afterEach(() => vi.useRealTimers());

describe('LiveHub', () => {
  it('opens one connection for many subscribers and joins each project room once', () => {
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport);
    const a = hub.subscribe(['p1'], () => {});
    const b = hub.subscribe(['p1', 'p2'], () => {});
    expect(t.calls).toEqual(['open', 'join:p1', 'join:p2']);
    a();
    expect(t.calls).not.toContain('leave:p1');
    b();
    expect(t.calls).toEqual(['open', 'join:p1', 'join:p2', 'leave:p1', 'leave:p2']);
  });

  it("hands a batched frame to each subscriber once, routed by project, and reports the connection's status", () => {
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport);
    const statuses: LiveStatus[] = [];
    hub.setStatusListener((s) => statuses.push(s));
    const p1 = vi.fn<(frame: LiveFrame) => void>();
    const any = vi.fn<(frame: LiveFrame) => void>();
    hub.subscribe(['p1'], p1);
    hub.subscribe([], any);
    t.status('connected');
    t.push('live:batch', { project_id: 'p1', logs: [log('a'), log('b'), log('c')], skipped: 4, groups: [{ _id: 'g', project_id: 'p1', count: 3 }], stats: null });
    t.push('live:batch', { project_id: 'p2', logs: [log('x', 'p2')], skipped: 0, groups: [], stats: null });
    expect(p1).toHaveBeenCalledTimes(1);
    expect(p1.mock.calls[0]![0].logs.map((l) => l._id)).toEqual(['a', 'b', 'c']);
    expect(p1.mock.calls[0]![0].skipped).toBe(4);
    expect(p1.mock.calls[0]![0].groups[0]!.count).toBe(3);
    expect(any.mock.calls.map((c) => c[0].project_id)).toEqual(['p1', 'p2']);
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('wraps single events (servers without batches) into one-item frames', () => {
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport);
    const frames: LiveFrame[] = [];
    hub.subscribe(['p1'], (f) => frames.push(f));
    t.push('log:new', log('a'));
    t.push('group:updated', { _id: 'g', project_id: 'p1', count: 2 });
    t.push('logs:skipped', { project_id: 'p1', skipped: 7 });
    t.push('error', { code: 'NOT_FOUND', message: 'Proje bulunamadı.' });
    expect(frames.map((f) => [f.logs.length, f.groups.length, f.skipped])).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 7],
    ]);
  });

  it('on a reload hint re-joins the project and asks for a re-read', () => {
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport);
    const reloads: string[] = [];
    hub.setReloadListener((id) => reloads.push(id));
    hub.subscribe(['p1'], () => {});
    t.push('reload', { project_id: 'p1', reason: 'slow_client' });
    expect(reloads).toEqual(['p1']);
    expect(t.calls).toEqual(['open', 'join:p1', 'leave:p1', 'join:p1']);
  });

  it("hands the account's usage to usage listeners only (no room to join)", () => {
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport);
    const usages: number[] = [];
    const frames = vi.fn();
    hub.subscribe(['p1'], frames);
    const stop = hub.subscribeUsage((u) => usages.push(u.logs));
    t.push('usage:updated', { user_id: 'u', month: '2026-11-01', logs: 42, quota: 100, percent_used: 42, over_quota: false });
    stop();
    t.push('usage:updated', { user_id: 'u', month: '2026-11-01', logs: 43, quota: 100, percent_used: 43, over_quota: false });
    expect(usages).toEqual([42]);
    expect(frames).not.toHaveBeenCalled();
    expect(t.calls).toEqual(['open', 'join:p1']);
  });

  it('closes a while after the last subscriber leaves, unless someone comes back', () => {
    vi.useFakeTimers();
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport, 5000);
    const stop = hub.subscribe(['p1'], () => {});
    stop();
    vi.advanceTimersByTime(4000);
    const again = hub.subscribe(['p1'], () => {});
    vi.advanceTimersByTime(5000);
    expect(t.calls).not.toContain('close');
    again();
    vi.advanceTimersByTime(5000);
    expect(t.calls.filter((c) => c === 'open')).toHaveLength(1);
    expect(t.calls.at(-1)).toBe('close');
  });
});

describe('liveWhileCached', () => {
  function lifecycle() {
    let loaded!: (v?: unknown) => void;
    let failed!: (e: unknown) => void;
    let removed!: (v?: unknown) => void;
    const t = fakeTransport();
    const live = new LiveHub(() => t.transport, 0);
    return {
      t,
      value: {
        cacheDataLoaded: new Promise((res, rej) => ((loaded = res), (failed = rej))),
        cacheEntryRemoved: new Promise((res) => (removed = res)),
        extra: { live },
      },
      loaded: () => loaded(),
      failed: () => failed(new Error('removed before data')),
      removed: () => removed(),
    };
  }

  it('subscribes once the data is in and unsubscribes when the entry is removed', async () => {
    const l = lifecycle();
    const done = liveWhileCached(l.value, (live) => live.subscribe(['p1'], () => {}));
    await Promise.resolve();
    expect(l.t.calls).toEqual([]);
    l.loaded();
    await vi.waitFor(() => expect(l.t.calls).toEqual(['open', 'join:p1']));
    l.removed();
    await done;
    expect(l.t.calls).toContain('leave:p1');
  });

  it('never subscribes for an entry removed before its data arrived', async () => {
    const l = lifecycle();
    const start = vi.fn(() => () => {});
    l.failed();
    await liveWhileCached(l.value, start);
    expect(start).not.toHaveBeenCalled();
  });
});

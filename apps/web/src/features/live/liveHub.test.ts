import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub, type LiveTransport } from './liveHub';
import type { LiveStatus } from './liveSlice';

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

afterEach(() => vi.useRealTimers());

describe('LiveHub', () => {
  it('opens one connection for many subscribers and joins each project room once', () => {
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport);
    const a = hub.subscribe('log:new', ['p1'], () => {});
    const b = hub.subscribe('group:updated', ['p1', 'p2'], () => {});
    expect(t.calls).toEqual(['open', 'join:p1', 'join:p2']);
    a();
    expect(t.calls).not.toContain('leave:p1');
    b();
    expect(t.calls).toEqual(['open', 'join:p1', 'join:p2', 'leave:p1', 'leave:p2']);
  });

  it("routes events by name and project, and reports the connection's status", () => {
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport);
    const statuses: LiveStatus[] = [];
    hub.setStatusListener((s) => statuses.push(s));
    const p1 = vi.fn();
    const any = vi.fn();
    hub.subscribe('log:new', ['p1'], p1);
    hub.subscribe('log:new', [], any);
    t.status('connected');
    t.push('log:new', { _id: 'a', project_id: 'p1' });
    t.push('log:new', { _id: 'b', project_id: 'p2' });
    t.push('group:updated', { _id: 'g', project_id: 'p1' });
    expect(p1.mock.calls.map((c) => c[0]._id)).toEqual(['a']);
    expect(any.mock.calls.map((c) => c[0]._id)).toEqual(['a', 'b']);
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('closes a while after the last subscriber leaves, unless someone comes back', () => {
    vi.useFakeTimers();
    const t = fakeTransport();
    const hub = new LiveHub(() => t.transport, 5000);
    const stop = hub.subscribe('log:new', ['p1'], () => {});
    stop();
    vi.advanceTimersByTime(4000);
    const again = hub.subscribe('log:new', ['p1'], () => {});
    vi.advanceTimersByTime(5000);
    expect(t.calls).not.toContain('close');
    again();
    vi.advanceTimersByTime(5000);
    expect(t.calls.filter((c) => c === 'open')).toHaveLength(1);
    expect(t.calls.at(-1)).toBe('close');
  });
});

import { projectRoom, type LiveBatch, type LiveLog } from '@seyir/domain';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveDelivery } from './live-delivery.js';
import type { LiveIo, LiveSocket, LiveSocketData } from './live-types.js';

const P = '0190a1b2-c3d4-4e5f-8a9b-0c1d2e3f4a5b';
const log = (n: number): LiveLog => {
  const id = `0190a1b2-c3d4-7e5f-8a9b-${String(n).padStart(12, '0')}`;
  return { _id: id, id, project_id: P, timestamp: '2025-03-10T10:00:00.000Z', level: 'INFO', message: `m${n}`, environment: 'production', host: '', tags: [], group_id: null };
};
const frame = (from: number, to: number): LiveBatch => ({ project_id: P, logs: Array.from({ length: to - from }, (_, i) => log(from + i)), skipped: 0, groups: [], stats: null });

/** A hand-made stand-in for the parts of the Socket.IO server the delivery uses. */
function fakeIo() {
  const received = new Map<string, { name: string; payload: unknown }[]>();
  const sockets = new Map<string, LiveSocket>();
  const room = new Set<string>();
  const addSocket = (id: string, data: Partial<LiveSocketData> = {}, backlog = { bytes: 0, packets: 0 }) => {
    received.set(id, []);
    const socket = {
      id,
      data: { userId: 'u', isAdmin: false, batch: true, catchingUp: new Map(), stalled: new Set(), ...data },
      conn: { writeBuffer: new Array(backlog.packets), transport: { socket: { bufferedAmount: backlog.bytes } } },
      emit: (name: string, payload: unknown) => received.get(id)!.push({ name, payload }),
    } as unknown as LiveSocket;
    sockets.set(id, socket);
    room.add(id);
    return socket;
  };
  const io = {
    sockets: { adapter: { rooms: new Map([[projectRoom(P), room]]) }, sockets },
    local: {
      to: () => ({
        except: (excluded: string[]) => ({
          emit: (name: string, payload: unknown) => {
            for (const id of room) if (!excluded.includes(id)) received.get(id)!.push({ name, payload });
          },
        }),
      }),
    },
  } as unknown as LiveIo;
  return { io, addSocket, received };
}

afterEach(() => vi.useRealTimers());

describe('LiveDelivery', () => {
  it('sends the first frame at once and coalesces the rest of a burst into one frame per interval', () => {
    vi.useFakeTimers();
    const { io, addSocket, received } = fakeIo();
    addSocket('a');
    const delivery = new LiveDelivery(io, pino({ level: 'silent' }), { intervalMs: 250 });
    delivery.accept(frame(0, 10));
    vi.advanceTimersByTime(0);
    for (let i = 1; i <= 5; i++) delivery.accept(frame(i * 100, i * 100 + 100));
    vi.advanceTimersByTime(249);
    expect(received.get('a')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const frames = received.get('a')!.map((e) => e.payload as LiveBatch);
    expect(frames).toHaveLength(2);
    expect(frames[1]!.logs).toHaveLength(200);
    expect(frames[1]!.skipped).toBe(300);
    expect(frames[1]!.logs.at(-1)!.message).toBe('m599');
  });

  it('sends one event per item, newest logs first capped, to clients without batches', () => {
    vi.useFakeTimers();
    const { io, addSocket, received } = fakeIo();
    addSocket('single', { batch: false });
    new LiveDelivery(io, pino({ level: 'silent' }), { maxSingleLogs: 3 }).accept(frame(0, 5));
    vi.advanceTimersByTime(0);
    expect(received.get('single')!.map((e) => e.name)).toEqual(['logs:skipped', 'log:new', 'log:new', 'log:new']);
    expect(received.get('single')![0]!.payload).toEqual({ project_id: P, skipped: 2 });
  });

  it('sends a slow client a reload hint once instead of more data, and keeps serving the others', () => {
    vi.useFakeTimers();
    const { io, addSocket, received } = fakeIo();
    addSocket('fast');
    addSocket('slow', {}, { bytes: 5_000_000, packets: 0 });
    const delivery = new LiveDelivery(io, pino({ level: 'silent' }), { intervalMs: 10 });
    delivery.accept(frame(0, 1));
    vi.advanceTimersByTime(0);
    delivery.accept(frame(1, 2));
    vi.advanceTimersByTime(10);
    expect(received.get('fast')!.map((e) => e.name)).toEqual(['live:batch', 'live:batch']);
    expect(received.get('slow')).toEqual([{ name: 'reload', payload: { project_id: P, reason: 'slow_client' } }]);
  });

  it('holds frames for a client catching up, and tells it to reload when too many pile up', () => {
    vi.useFakeTimers();
    const { io, addSocket, received } = fakeIo();
    const socket = addSocket('late', { catchingUp: new Map([[P, []]]) });
    const delivery = new LiveDelivery(io, pino({ level: 'silent' }), { intervalMs: 1, maxCatchUpFrames: 2 });
    delivery.accept(frame(0, 1));
    vi.advanceTimersByTime(1);
    expect(socket.data.catchingUp.get(P)).toHaveLength(1);
    delivery.accept(frame(1, 2));
    vi.advanceTimersByTime(1);
    delivery.accept(frame(2, 3));
    vi.advanceTimersByTime(1);
    expect(received.get('late')).toEqual([{ name: 'reload', payload: { project_id: P, reason: 'too_far_behind' } }]);
    expect(socket.data.stalled.has(P)).toBe(true);
  });
});

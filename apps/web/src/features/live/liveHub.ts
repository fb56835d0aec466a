import type { LiveStats, LiveUsage } from '@seyir/domain';
import type { Socket } from 'socket.io-client';
import type { LogGroup } from '../groups/types';
import type { LogEntry } from '../logs/types';
import type { LiveStatus } from './liveSlice';

/** A group whose counters changed (the server's `LiveGroup`: id, count, last_seen, status …). */
export type LiveGroupUpdate = Partial<LogGroup> & { _id: string; project_id: string };

/**
 * What one project's subscribers receive at a time: the server's coalesced `live:batch` frame
 * (logs oldest first, `skipped` older ones left out, changed groups, today's stats). Single
 * events (`log:new` …) are wrapped into a one-item frame, so a cache entry is updated once per
 * frame whatever the server sent.
 */
export interface LiveFrame {
  project_id: string;
  logs: LogEntry[];
  skipped: number;
  groups: LiveGroupUpdate[];
  stats: LiveStats | null;
}

/** The events a subscriber may see, as the server sends them (`packages/domain/src/live`). */
export interface LiveEventMap {
  'live:batch': LiveFrame;
  'log:new': LogEntry;
  'group:updated': LiveGroupUpdate;
  'stats:updated': LiveStats;
  'logs:skipped': { project_id: string; skipped: number };
  reload: { project_id: string; reason: string };
  'usage:updated': LiveUsage;
}
export type LiveEventName = keyof LiveEventMap;

/** What carries the events: Socket.IO in the browser, a hand-driven fake in tests. */
export interface LiveTransport {
  open(handlers: { onStatus(status: LiveStatus): void; onEvent(name: string, payload: unknown): void }): void;
  join(projectId: string): void;
  leave(projectId: string): void;
  close(): void;
}

type FrameListener = (frame: LiveFrame) => void;

/** Wraps one server event into a frame; undefined for events that carry no project data. */
export function toFrame(name: string, payload: unknown): LiveFrame | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const projectId = (payload as { project_id?: unknown }).project_id;
  if (typeof projectId !== 'string') return undefined;
  const empty: LiveFrame = { project_id: projectId, logs: [], skipped: 0, groups: [], stats: null };
  switch (name) {
    case 'live:batch': {
      const frame = payload as Partial<LiveFrame>;
      return { ...empty, logs: frame.logs ?? [], skipped: frame.skipped ?? 0, groups: frame.groups ?? [], stats: frame.stats ?? null };
    }
    case 'log:new':
      return { ...empty, logs: [payload as LogEntry] };
    case 'group:updated':
      return { ...empty, groups: [payload as LiveGroupUpdate] };
    case 'stats:updated':
      return { ...empty, stats: payload as LiveStats };
    case 'logs:skipped':
      return { ...empty, skipped: Number((payload as { skipped?: unknown }).skipped) || 0 };
    default:
      return undefined;
  }
}

/**
 * The one live connection, shared by the RTK Query cache entries that want updates (through
 * `liveWhileCached`, which reaches it as `extra.live`). Opened by the first subscriber, closed a
 * little after the last one leaves so that moving between screens does not reconnect. Listeners
 * get whole frames: one cache update per frame, not per log.
 */
export class LiveHub {
  private transport: LiveTransport | null = null;
  private readonly listeners = new Set<{ projects: ReadonlySet<string>; fn: FrameListener }>();
  private readonly usageListeners = new Set<(usage: LiveUsage) => void>();
  private readonly rooms = new Map<string, number>();
  private subscribers = 0;
  private closeTimer: ReturnType<typeof setTimeout> | null = null;
  private onStatus: (status: LiveStatus) => void = () => {};
  private onReload: (projectId: string) => void = () => {};

  constructor(
    private readonly makeTransport: () => LiveTransport,
    private readonly closeDelayMs = 5000,
  ) {}

  /** Where status changes go (the store's live slice). */
  setStatusListener(listener: (status: LiveStatus) => void): void {
    this.onStatus = listener;
  }

  /** Called when the server says a project's live stream cannot be continued: re-read it over HTTP. */
  setReloadListener(listener: (projectId: string) => void): void {
    this.onReload = listener;
  }

  /** Listens to the frames of `projectIds` (every project when empty; their rooms are joined); returns the unsubscribe. */
  subscribe(projectIds: readonly string[], fn: FrameListener): () => void {
    const entry = { projects: new Set(projectIds), fn };
    this.listeners.add(entry);
    this.acquire();
    for (const id of entry.projects) this.joinRoom(id);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.listeners.delete(entry);
      for (const id of entry.projects) this.leaveRoom(id);
      this.release();
    };
  }

  /** Listens to the account's monthly usage (sent to the user's own connection, no room to join); returns the unsubscribe. */
  subscribeUsage(fn: (usage: LiveUsage) => void): () => void {
    this.usageListeners.add(fn);
    this.acquire();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.usageListeners.delete(fn);
      this.release();
    };
  }

  /** Closes at once (logout). */
  shutdown(): void {
    if (this.closeTimer) clearTimeout(this.closeTimer);
    this.closeTimer = null;
    this.transport?.close();
    this.transport = null;
    this.onStatus('idle');
  }

  private acquire(): void {
    this.subscribers += 1;
    if (this.closeTimer) {
      clearTimeout(this.closeTimer);
      this.closeTimer = null;
    }
    if (!this.transport) {
      this.transport = this.makeTransport();
      this.onStatus('connecting');
      this.transport.open({
        onStatus: (status) => this.onStatus(status),
        onEvent: (name, payload) => this.dispatch(name, payload),
      });
      for (const id of this.rooms.keys()) this.transport.join(id);
    }
  }

  private release(): void {
    this.subscribers -= 1;
    if (this.subscribers > 0) return;
    this.closeTimer = setTimeout(() => this.shutdown(), this.closeDelayMs);
  }

  private joinRoom(id: string): void {
    const count = this.rooms.get(id) ?? 0;
    this.rooms.set(id, count + 1);
    if (count === 0) this.transport?.join(id);
  }

  private leaveRoom(id: string): void {
    const count = (this.rooms.get(id) ?? 1) - 1;
    if (count > 0) {
      this.rooms.set(id, count);
      return;
    }
    this.rooms.delete(id);
    this.transport?.leave(id);
  }

  private dispatch(name: string, payload: unknown): void {
    if (name === 'usage:updated') {
      for (const fn of this.usageListeners) fn(payload as LiveUsage);
      return;
    }
    if (name === 'reload') {
      const projectId = (payload as { project_id?: unknown } | null)?.project_id;
      if (typeof projectId !== 'string') return;
      // The server stopped streaming this project to us until we join again.
      if (this.rooms.has(projectId)) {
        this.transport?.leave(projectId);
        this.transport?.join(projectId);
      }
      this.onReload(projectId);
      return;
    }
    const frame = toFrame(name, payload);
    if (!frame) return;
    for (const entry of this.listeners) {
      if (entry.projects.size > 0 && !entry.projects.has(frame.project_id)) continue;
      entry.fn(frame);
    }
  }
}

/**
 * Socket.IO on the same origin. The client library is loaded on first use so public pages
 * never download it. The token goes in the handshake (`auth.token`, with `batch: true` for
 * coalesced frames), read afresh on every reconnect; rooms are (re)joined with `project:join`
 * after each connect.
 */
export function socketTransport(getToken: () => string | null): LiveTransport {
  const rooms = new Set<string>();
  let socket: Socket | null = null;
  let closed = false;
  return {
    open(handlers) {
      void import('socket.io-client').then(({ io }) => {
        if (closed) return;
        const s = io({ path: '/socket.io', auth: (cb) => cb({ token: getToken() ?? '', batch: true }) });
        socket = s;
        s.on('connect', () => {
          handlers.onStatus('connected');
          for (const id of rooms) s.emit('project:join', { project_id: id });
        });
        s.on('disconnect', (reason) => {
          handlers.onStatus('disconnected');
          // The server closed it (e.g. the session expired): try again; a refused handshake stops there.
          if (reason === 'io server disconnect' && !closed) s.connect();
        });
        s.on('connect_error', () => handlers.onStatus('disconnected'));
        s.onAny((name: string, payload: unknown) => handlers.onEvent(name, payload));
      });
    },
    join(id) {
      rooms.add(id);
      if (socket?.connected) socket.emit('project:join', { project_id: id });
    },
    leave(id) {
      rooms.delete(id);
      if (socket?.connected) socket.emit('project:leave', { project_id: id });
    },
    close() {
      closed = true;
      socket?.disconnect();
      socket = null;
    },
  };
}

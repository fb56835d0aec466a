import type { Socket } from 'socket.io-client';
import type { DashboardStats } from '../dashboard/types';
import type { LogGroup } from '../groups/types';
import type { LogEntry } from '../logs/types';
import type { LiveStatus } from './liveSlice';

/** Socket.IO events the server pushes; each carries the `project_id` it belongs to. */
export interface LiveEventMap {
  'log:new': LogEntry;
  'group:updated': LogGroup & { project_id: string };
  'stats:updated': Partial<DashboardStats> & { project_id?: string };
}
export type LiveEventName = keyof LiveEventMap;

/** What carries the events: Socket.IO in the browser, a hand-driven fake in tests. */
export interface LiveTransport {
  open(handlers: { onStatus(status: LiveStatus): void; onEvent(name: string, payload: unknown): void }): void;
  join(projectId: string): void;
  leave(projectId: string): void;
  close(): void;
}

type Handler = (payload: unknown) => void;

/**
 * The one live connection, shared by the RTK Query cache entries that want updates
 * (`onCacheEntryAdded` reaches it as `extra.live`). Opened by the first subscriber, closed a
 * little after the last one leaves so that moving between screens does not reconnect.
 */
export class LiveHub {
  private transport: LiveTransport | null = null;
  private readonly handlers = new Map<string, Set<{ projects: ReadonlySet<string>; fn: Handler }>>();
  private readonly rooms = new Map<string, number>();
  private subscribers = 0;
  private closeTimer: ReturnType<typeof setTimeout> | null = null;
  private onStatus: (status: LiveStatus) => void = () => {};

  constructor(
    private readonly makeTransport: () => LiveTransport,
    private readonly closeDelayMs = 5000,
  ) {}

  /** Where status changes go (the store's live slice). */
  setStatusListener(listener: (status: LiveStatus) => void): void {
    this.onStatus = listener;
  }

  /** Listens to `event` for `projectIds` (their rooms are joined); returns the unsubscribe. */
  subscribe<E extends LiveEventName>(event: E, projectIds: readonly string[], fn: (payload: LiveEventMap[E]) => void): () => void {
    const entry = { projects: new Set(projectIds), fn: fn as Handler };
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(entry);
    this.acquire();
    for (const id of entry.projects) this.joinRoom(id);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      set.delete(entry);
      for (const id of entry.projects) this.leaveRoom(id);
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
    const projectId = payload && typeof payload === 'object' ? (payload as { project_id?: unknown }).project_id : undefined;
    for (const entry of this.handlers.get(name) ?? []) {
      if (typeof projectId === 'string' && entry.projects.size > 0 && !entry.projects.has(projectId)) continue;
      entry.fn(payload);
    }
  }
}

/**
 * Socket.IO on the same origin. The client library is loaded on first use so public pages
 * never download it. The token goes in the handshake (`auth.token`), read afresh on every
 * reconnect; rooms are (re)joined with `project:join` after each connect.
 */
export function socketTransport(getToken: () => string | null): LiveTransport {
  const rooms = new Set<string>();
  let socket: Socket | null = null;
  let closed = false;
  return {
    open(handlers) {
      void import('socket.io-client').then(({ io }) => {
        if (closed) return;
        const s = io({ path: '/socket.io', auth: (cb) => cb({ token: getToken() }) });
        socket = s;
        s.on('connect', () => {
          handlers.onStatus('connected');
          for (const id of rooms) s.emit('project:join', { project_id: id });
        });
        s.on('disconnect', () => handlers.onStatus('disconnected'));
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

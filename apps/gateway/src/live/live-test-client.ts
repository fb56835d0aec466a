import type { ClientToServerEvents, LiveAck, LiveLog, ServerToClientEvents } from '@seyir/domain';
import { io, type Socket } from 'socket.io-client';

/** Test-only: a real Socket.IO client that records every event it receives. */
export interface LiveTestClient {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  events: { name: string; payload: unknown; at: number }[];
  /** Logs received so far (one by one or in frames), optionally of one project. */
  logs(projectId?: string): LiveLog[];
  join(projectId: string, sinceId?: string): Promise<LiveAck>;
  leave(projectId: string): Promise<LiveAck>;
  joinDashboard(): Promise<LiveAck>;
  /** Resolves once `predicate` holds, checked on every event; rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

export class LiveConnectError extends Error {
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'LiveConnectError';
  }
}

/** Connects to a gateway (websocket only, no reconnection); rejects with the server's refusal. */
export function connectLive(url: string, token: string, options: { batch?: boolean } = {}): Promise<LiveTestClient> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token, ...(options.batch ? { batch: true } : {}) },
  });
  const events: LiveTestClient['events'] = [];
  const waiters = new Set<() => void>();
  socket.onAny((name: string, payload: unknown) => {
    events.push({ name, payload, at: Date.now() });
    for (const check of waiters) check();
  });
  const client: LiveTestClient = {
    socket,
    events,
    logs(projectId) {
      const all = events.flatMap((e) => (e.name === 'log:new' ? [e.payload as LiveLog] : e.name === 'live:batch' ? (e.payload as { logs: LiveLog[] }).logs : []));
      return projectId ? all.filter((log) => log.project_id === projectId) : all;
    },
    join: (projectId, sinceId) => socket.timeout(10_000).emitWithAck('project:join', { project_id: projectId, ...(sinceId ? { since_id: sinceId } : {}) }),
    leave: (projectId) => socket.timeout(10_000).emitWithAck('project:leave', { project_id: projectId }),
    joinDashboard: () => socket.timeout(10_000).emitWithAck('dashboard:join'),
    waitFor(predicate, timeoutMs = 5_000) {
      if (predicate()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`condition not met within ${timeoutMs} ms (${events.length} events received)`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => void socket.disconnect(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      socket.disconnect();
      reject(new LiveConnectError(error.message, error.data));
    });
  });
}

import type { ClientToServerEvents, InterServerEvents, LiveBatch, ServerToClientEvents } from '@seyir/domain';
import type { Server, Socket } from 'socket.io';

/** What the gateway keeps on each connection. */
export interface LiveSocketData {
  userId: string;
  isAdmin: boolean;
  /** The client takes coalesced `live:batch` frames instead of one event per item. */
  batch: boolean;
  /** Projects whose catch-up is running, with the live frames that arrived meanwhile. */
  catchingUp: Map<string, LiveBatch[]>;
  /** Projects this client was told to reload (it fell behind); nothing more until it re-joins. */
  stalled: Set<string>;
}

export type LiveIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, LiveSocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, LiveSocketData>;

import { LIVE_MAX_LOGS_PER_FRAME, projectRoom, type LiveBatch, type LiveLog } from '@seyir/domain';
import type { Logger } from 'pino';
import type { LiveIo, LiveSocket } from './live-types.js';
import { mergeFrames } from './merge-frames.js';

export interface LiveDeliveryOptions {
  /** Shortest time between two frames of one project, ms. Default 250 (at most 4 a second). */
  intervalMs?: number;
  /** Logs sent one by one (`log:new`) per frame to clients without batches; the rest are counted. Default 50. */
  maxSingleLogs?: number;
  /** A client with more bytes than this waiting in its socket is sent `reload` instead. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** …or with more packets than this waiting in its Engine.IO write buffer. Default 256. */
  maxBufferedPackets?: number;
  /** Live frames kept for one client while its catch-up runs; past this it is told to reload. Default 20. */
  maxCatchUpFrames?: number;
}

/** Bytes and packets a connection has not yet handed to the kernel. */
function backlogOf(socket: LiveSocket): { bytes: number; packets: number } {
  const conn = socket.conn as unknown as { writeBuffer?: unknown[]; transport?: { socket?: { bufferedAmount?: number } } };
  return { bytes: conn.transport?.socket?.bufferedAmount ?? 0, packets: conn.writeBuffer?.length ?? 0 };
}

/**
 * Delivers frames to this gateway's subscribers. Frames of one project are coalesced: the first
 * after a quiet spell goes out at once, later ones wait for the interval and are merged (newest
 * logs kept, the rest counted). Each frame is encoded once per project and mode and written to
 * every subscriber in the room, except clients catching up (their frames wait for the catch-up)
 * and clients whose buffers are full (sent `reload` once).
 */
export class LiveDelivery {
  private readonly pending = new Map<string, LiveBatch>();
  private readonly lastSent = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly intervalMs: number;
  private readonly maxSingleLogs: number;
  private readonly maxBufferedBytes: number;
  private readonly maxBufferedPackets: number;
  private readonly maxCatchUpFrames: number;

  constructor(
    private readonly io: LiveIo,
    private readonly logger: Logger,
    options: LiveDeliveryOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 250;
    this.maxSingleLogs = options.maxSingleLogs ?? 50;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxBufferedPackets = options.maxBufferedPackets ?? 256;
    this.maxCatchUpFrames = options.maxCatchUpFrames ?? 20;
  }

  /** Whether a connection on this gateway follows the project. */
  watches(projectId: string): boolean {
    return (this.io.sockets.adapter.rooms.get(projectRoom(projectId))?.size ?? 0) > 0;
  }

  /** Takes a frame of a project; nothing is kept when no subscriber of it is connected here. */
  accept(frame: LiveBatch): void {
    const projectId = frame.project_id;
    if (!this.watches(projectId)) return;
    this.pending.set(projectId, mergeFrames(this.pending.get(projectId), frame, LIVE_MAX_LOGS_PER_FRAME));
    if (this.timers.has(projectId)) return;
    const wait = Math.max(0, (this.lastSent.get(projectId) ?? 0) + this.intervalMs - Date.now());
    this.timers.set(
      projectId,
      setTimeout(() => this.flush(projectId), wait),
    );
  }

  /** Sends one project's pending frame to its subscribers here. */
  flush(projectId: string): void {
    this.timers.delete(projectId);
    const frame = this.pending.get(projectId);
    this.pending.delete(projectId);
    if (!frame) return;
    this.lastSent.set(projectId, Date.now());
    const room = projectRoom(projectId);
    const ids = this.io.sockets.adapter.rooms.get(room);
    if (!ids?.size) {
      this.lastSent.delete(projectId);
      return;
    }
    const batchIds: string[] = [];
    const singleIds: string[] = [];
    const skippedIds: string[] = [];
    for (const id of ids) {
      const socket = this.io.sockets.sockets.get(id);
      if (!socket) continue;
      if (this.holdForCatchUp(socket, frame) || socket.data.stalled.has(projectId) || this.stallIfSlow(socket, projectId)) {
        skippedIds.push(id);
        continue;
      }
      (socket.data.batch ? batchIds : singleIds).push(id);
    }
    if (batchIds.length) this.io.local.to(room).except([...skippedIds, ...singleIds]).emit('live:batch', frame);
    if (singleIds.length) this.emitSingles(this.io.local.to(room).except([...skippedIds, ...batchIds]), frame);
  }

  /** Sends logs (a catch-up) to one client, in frames of at most `LIVE_MAX_LOGS_PER_FRAME`. */
  sendLogs(socket: LiveSocket, projectId: string, logs: readonly LiveLog[]): void {
    for (let i = 0; i < logs.length; i += LIVE_MAX_LOGS_PER_FRAME) {
      const part = logs.slice(i, i + LIVE_MAX_LOGS_PER_FRAME);
      if (socket.data.batch) socket.emit('live:batch', { project_id: projectId, logs: part, skipped: 0, groups: [], stats: null });
      else for (const log of part) socket.emit('log:new', log);
    }
  }

  /** Sends one frame to one client (the frames held back during its catch-up). */
  sendFrame(socket: LiveSocket, frame: LiveBatch): void {
    if (socket.data.batch) socket.emit('live:batch', frame);
    else this.emitSingles(socket, frame);
  }

  /** Stops the timers; pending frames are dropped (clients catch up on reconnect). */
  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
  }

  private emitSingles(target: Pick<LiveSocket, 'emit'>, frame: LiveBatch): void {
    const logs = frame.logs.slice(-this.maxSingleLogs);
    const skipped = frame.skipped + frame.logs.length - logs.length;
    if (skipped > 0) target.emit('logs:skipped', { project_id: frame.project_id, skipped });
    for (const log of logs) target.emit('log:new', log);
    for (const group of frame.groups) target.emit('group:updated', group);
    if (frame.stats) target.emit('stats:updated', frame.stats);
  }

  private holdForCatchUp(socket: LiveSocket, frame: LiveBatch): boolean {
    const held = socket.data.catchingUp.get(frame.project_id);
    if (!held) return false;
    if (held.length < this.maxCatchUpFrames) held.push(frame);
    else {
      socket.data.catchingUp.delete(frame.project_id);
      socket.data.stalled.add(frame.project_id);
      socket.emit('reload', { project_id: frame.project_id, reason: 'too_far_behind' });
    }
    return true;
  }

  private stallIfSlow(socket: LiveSocket, projectId: string): boolean {
    const backlog = backlogOf(socket);
    if (backlog.bytes <= this.maxBufferedBytes && backlog.packets <= this.maxBufferedPackets) return false;
    socket.data.stalled.add(projectId);
    socket.emit('reload', { project_id: projectId, reason: 'slow_client' });
    this.logger.debug({ socketId: socket.id, projectId, ...backlog }, 'live client too slow: sent reload');
    return true;
  }
}

import type { Server as HttpServer } from 'node:http';
import {
  canSeeProject,
  LIVE_BATCH_EVENT,
  LIVE_MESSAGES,
  LIVE_USAGE_EVENT,
  LiveBatchSchema,
  LiveUsageSchema,
  projectRoom,
  ProjectJoinSchema,
  ProjectLeaveSchema,
  userRoom,
  type LiveAck,
  type LiveBatch,
  type LiveError,
  type LiveUsage,
} from '@seyir/domain';
import { findProjectsOfUser, getProjectStanding, getUserById } from '@seyir/db';
import { createFollowMarker, findLiveLogsAfter, FOLLOW_REFRESH_MS, liveChannelKey } from '@seyir/pipeline';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import type { AppDeps } from '../deps.js';
import { isUuid } from '../auth/require-project.js';
import { authenticateSocket, endSession } from './authenticate-socket.js';
import { LiveDelivery, type LiveDeliveryOptions } from './live-delivery.js';
import type { LiveIo, LiveSocket, LiveSocketData } from './live-types.js';
import { withoutLogs } from './merge-frames.js';

export interface LiveServerOptions extends LiveDeliveryOptions {
  /** Most logs a reconnecting client is sent from the database; past it, `reload`. Default 1,000. */
  catchUpLimit?: number;
}

/** What routes may ask of the live server. */
export interface LiveHooks {
  /**
   * Makes every connection of `userId`, on every gateway, leave the project's room at once
   * (call it after removing a member). A global admin keeps seeing every project and stays.
   */
  evictFromProject(projectId: string, userId: string): Promise<void>;
  /**
   * Closes every connection of `userId`, on every gateway (call it after raising the user's
   * token version: logout, password change or reset, account deletion). Each is told
   * `UNAUTHENTICATED` first; a client with a newer token may connect again.
   */
  endSessions(userId: string): Promise<void>;
}

export interface LiveServer extends LiveHooks {
  io: LiveIo;
  /** Whether a connection on this gateway follows the project (embedded mode builds frames only then). */
  follows(projectId: string): boolean;
  /** Embedded mode: a frame built in this process. */
  deliver(frame: LiveBatch): void;
  /** Embedded mode: an account's usage, built in this process. */
  deliverUsage(usage: LiveUsage): void;
  close(): Promise<void>;
}

type Ack = ((answer: LiveAck) => void) | undefined;

/**
 * Socket.IO on the API's HTTP server, path `/socket.io`. In distributed mode (`deps.redis`) the
 * Redis adapter joins the gateways: workers' frames arrive as server-side events on every
 * gateway, and room changes (evictions) reach every gateway's sockets.
 */
export function attachLiveServer(httpServer: HttpServer, deps: AppDeps, options: LiveServerOptions = {}): LiveServer {
  const catchUpLimit = options.catchUpLimit ?? 1000;
  const io: LiveIo = new Server(httpServer, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024 });
  const redisClients = deps.redis
    ? [deps.redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true }), deps.redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true })]
    : [];
  for (const client of redisClients) client.on('error', (error) => deps.logger.warn({ err: error }, 'live redis connection error'));
  const [pub, sub] = redisClients;
  if (pub && sub) io.adapter(createAdapter(settled(pub, ['publish']), settled(sub, ['punsubscribe', 'unsubscribe']), { key: liveChannelKey(deps.redisPrefix) }));

  const delivery = new LiveDelivery(io, deps.logger, options);
  const followed = followedProjects(io, deps);

  io.on(LIVE_BATCH_EVENT, (raw: unknown) => {
    // Every gateway hears every frame: one for a project nobody follows here is dropped before
    // the parse (that parse was a tenth of a gateway's CPU under ingest load, for nothing).
    const projectId = (raw as { project_id?: unknown } | null)?.project_id;
    if (typeof projectId !== 'string' || !delivery.watches(projectId)) return;
    // Read from Redis: untrusted, parsed again.
    const frame = LiveBatchSchema.safeParse(raw);
    if (frame.success) delivery.accept(frame.data);
    else deps.logger.warn({ issue: frame.error.issues[0] }, 'dropped a malformed live frame');
  });

  /** Usage goes to the account's own connections on this gateway (each gateway hears it). */
  const deliverUsage = (usage: LiveUsage) => io.local.to(userRoom(usage.user_id)).emit('usage:updated', usage);
  io.on(LIVE_USAGE_EVENT, (raw: unknown) => {
    const usage = LiveUsageSchema.safeParse(raw);
    if (usage.success) deliverUsage(usage.data);
    else deps.logger.warn({ issue: usage.error.issues[0] }, 'dropped a malformed usage update');
  });
  io.use(authenticateSocket(deps));

  const refuse = (socket: LiveSocket, ack: Ack, error: LiveError) => {
    socket.emit('error', error);
    ack?.({ ok: false, error });
  };

  /** Whether the user may follow the project (a member, or a global admin). */
  const maySee = async (data: LiveSocketData, projectId: string) => {
    if (!isUuid(projectId)) return false;
    const standing = await getProjectStanding(deps.db, projectId, data.userId);
    return standing.exists && canSeeProject({ role: standing.role, isOwner: standing.isOwner, isGlobalAdmin: data.isAdmin });
  };

  const catchUp = async (socket: LiveSocket, projectId: string, sinceId: string) => {
    const missed = await findLiveLogsAfter(deps.database.sql, projectId, sinceId, catchUpLimit + 1).catch(() => undefined);
    const held = socket.data.catchingUp.get(projectId);
    socket.data.catchingUp.delete(projectId);
    if (!held || !socket.rooms.has(projectRoom(projectId))) return; // left, evicted or stalled meanwhile
    if (missed && missed.length > catchUpLimit) {
      socket.data.stalled.add(projectId);
      socket.emit('reload', { project_id: projectId, reason: 'too_far_behind' });
      return;
    }
    const sent = new Set<string>();
    if (missed) {
      delivery.sendLogs(socket, projectId, missed);
      for (const log of missed) sent.add(log._id);
    }
    for (const frame of held) delivery.sendFrame(socket, withoutLogs(frame, sent));
  };

  io.on('connection', (socket: LiveSocket) => {
    void socket.join(userRoom(socket.data.userId));

    socket.on('project:join', async (payload, ack) => {
      const input = ProjectJoinSchema.safeParse(payload);
      if (!input.success) return refuse(socket, ack, { code: 'VALIDATION_ERROR', message: LIVE_MESSAGES.invalidRequest });
      const projectId = input.data.project_id.toLowerCase();
      try {
        if (!(await maySee(socket.data, projectId))) {
          return refuse(socket, ack, { code: 'NOT_FOUND', message: LIVE_MESSAGES.projectNotFound, project_id: input.data.project_id });
        }
      } catch {
        return refuse(socket, ack, { code: 'UNAVAILABLE', message: LIVE_MESSAGES.unavailable, project_id: projectId });
      }
      if (!socket.connected) return;
      socket.data.stalled.delete(projectId);
      const sinceId = input.data.since_id;
      if (sinceId) socket.data.catchingUp.set(projectId, []);
      await socket.join(projectRoom(projectId));
      // Marked before the catch-up reads the database: whatever it misses is in a frame.
      await followed.mark([projectId]);
      if (sinceId) await catchUp(socket, projectId, sinceId);
      ack?.({ ok: true, project_ids: [projectId] });
    });

    socket.on('project:leave', async (payload, ack) => {
      const input = ProjectLeaveSchema.safeParse(payload);
      if (!input.success) return refuse(socket, ack, { code: 'VALIDATION_ERROR', message: LIVE_MESSAGES.invalidRequest });
      const projectId = input.data.project_id.toLowerCase();
      socket.data.catchingUp.delete(projectId);
      socket.data.stalled.delete(projectId);
      await socket.leave(projectRoom(projectId));
      ack?.({ ok: true, project_ids: [projectId] });
    });

    socket.on('dashboard:join', async (ack) => {
      const callback = typeof ack === 'function' ? ack : undefined;
      try {
        const projects = await findProjectsOfUser(deps.db, socket.data.userId);
        const ids = projects.map((p) => p.id);
        for (const id of ids) socket.data.stalled.delete(id);
        if (socket.connected) await socket.join(ids.map(projectRoom));
        await followed.mark(ids);
        callback?.({ ok: true, project_ids: ids });
      } catch {
        refuse(socket, callback, { code: 'UNAVAILABLE', message: LIVE_MESSAGES.unavailable });
      }
    });
  });

  let closing: Promise<void> | undefined;
  return {
    io,
    follows: (projectId) => delivery.watches(projectId),
    deliver: (frame) => delivery.accept(frame),
    deliverUsage,
    async endSessions(userId) {
      // Local sockets are told why; on other gateways the adapter closes them.
      for (const id of [...(io.sockets.adapter.rooms.get(userRoom(userId)) ?? [])]) {
        const socket = io.sockets.sockets.get(id);
        if (socket) endSession(socket);
      }
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async evictFromProject(projectId, userId) {
      const user = await getUserById(deps.db, userId);
      if (user?.isAdmin) return;
      io.in(userRoom(userId)).socketsLeave(projectRoom(projectId));
    },
    close: () =>
      (closing ??= (async () => {
        delivery.close();
        followed.close();
        // Also closes the HTTP server; the gateway's own close then finds it closed.
        await io.close();
        for (const client of redisClients) client.disconnect();
      })()),
  };
}

/**
 * Distributed mode: keeps the projects followed on this gateway marked in Redis, so workers
 * build their frames (`createFollowMarker`): at each join, and all of them every few seconds
 * (which also restores the marks after a Redis restart). A failed mark is retried by the next
 * round; it never fails a join. Embedded mode has nothing to mark: `follows` is asked directly.
 */
function followedProjects(io: LiveIo, deps: AppDeps) {
  if (!deps.redis) return { mark: () => Promise.resolve(), close: () => undefined };
  const marker = createFollowMarker(deps.redis, deps.redisPrefix);
  const prefix = projectRoom('');
  const mark = (ids: Iterable<string>) => marker.mark(ids).catch((error: unknown) => deps.logger.warn({ err: error }, 'live follow mark failed'));
  const served = function* () {
    for (const [room, members] of io.sockets.adapter.rooms) if (members.size > 0 && room.startsWith(prefix)) yield room.slice(prefix.length);
  };
  const timer = setInterval(() => void mark(served()), FOLLOW_REFRESH_MS);
  timer.unref();
  return { mark, close: () => clearInterval(timer) };
}

/**
 * The Redis adapter sends PUBLISH (broadcasts) and, in close(), (P)UNSUBSCRIBE without handling
 * their answers. While Redis is down they wait in the client's offline queue, and disconnecting
 * it (the gateway's close) fails them with "Connection is closed": unhandled rejections (CI saw
 * two, the two unsubscribes, when a gateway closed after its Redis was killed). A failed publish
 * while Redis is down is a frame the clients catch up on reconnect; a failed unsubscribe of a
 * closing connection means nothing: both are handled here.
 */
function settled<C extends object>(client: C, commands: readonly (keyof C & string)[]): C {
  for (const name of commands) {
    const send = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const sent = send(...args);
      sent.catch(() => undefined);
      return sent;
    };
  }
  return client;
}

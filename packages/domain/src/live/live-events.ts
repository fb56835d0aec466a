import { z } from 'zod';
import { LOG_LEVELS } from '../log/levels.js';

/**
 * The Socket.IO contract of live updates (issue 6). Every payload names the project it belongs
 * to. Field names follow the §3 read API (`_id`, `last_seen` …) so a pushed item can be merged
 * into what the logs list, the groups list and the dashboard already hold.
 */

/** A new log as the logs list shows it (no metadata, context, exception, request or response). */
export const LiveLogSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  project_id: z.uuid(),
  timestamp: z.iso.datetime({ offset: true }),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  environment: z.string(),
  host: z.string(),
  tags: z.array(z.string()),
  group_id: z.uuid().nullable(),
});
export type LiveLog = z.infer<typeof LiveLogSchema>;

const LIVE_GROUP_STATUSES = ['unresolved', 'resolved', 'ignored'] as const;

/** A group whose counters a batch changed. `_id`/`id` repeat `group_id` for the web's merge by `_id`. */
export const LiveGroupSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  group_id: z.uuid(),
  project_id: z.uuid(),
  count: z.number().int().nonnegative(),
  last_seen: z.iso.datetime({ offset: true }),
  status: z.enum(LIVE_GROUP_STATUSES),
  /** The batch created the group. */
  is_new: z.boolean(),
  /** The group was resolved (everywhere, or in a log's environment) and this batch reopened it. */
  regressed: z.boolean(),
});
export type LiveGroup = z.infer<typeof LiveGroupSchema>;

const levelCounts = z.object(Object.fromEntries(LOG_LEVELS.map((level) => [level, z.number().int().nonnegative()])) as Record<
  (typeof LOG_LEVELS)[number],
  z.ZodNumber
>);

/** The project's dashboard figures a batch changed: today's (UTC) counts per level, from the hourly rollups. */
export const LiveStatsSchema = z.object({
  project_id: z.uuid(),
  /** The UTC day counted, `YYYY-MM-DD`. */
  date: z.iso.date(),
  today: levelCounts,
  today_total: z.number().int().nonnegative(),
});
export type LiveStats = z.infer<typeof LiveStatsSchema>;

/** Most logs one frame carries; the rest of a burst is counted in `skipped`. */
export const LIVE_MAX_LOGS_PER_FRAME = 200;

/**
 * One coalesced frame of a project: what the pipeline publishes between processes, and what a
 * client that asked for batches (`auth.batch`) receives, at most a few times a second.
 * `logs` are oldest first and are the newest of the burst; `skipped` older ones were left out.
 */
export const LiveBatchSchema = z.object({
  project_id: z.uuid(),
  logs: z.array(LiveLogSchema).max(LIVE_MAX_LOGS_PER_FRAME),
  skipped: z.number().int().nonnegative(),
  groups: z.array(LiveGroupSchema),
  stats: LiveStatsSchema.nullable(),
});
export type LiveBatch = z.infer<typeof LiveBatchSchema>;

/**
 * The month's usage of an account (the projects' owner) against its plan's quota, sent to that
 * user's connections after a batch added to it, at most one every few seconds per account.
 */
export const LiveUsageSchema = z.object({
  user_id: z.uuid(),
  /** First day of the UTC month counted, `YYYY-MM-01`. */
  month: z.iso.date(),
  logs: z.number().int().nonnegative(),
  quota: z.number().int().nonnegative(),
  /** Share of the quota used, rounded down (over 100 past the quota). */
  percent_used: z.number().int().nonnegative(),
  over_quota: z.boolean(),
});
export type LiveUsage = z.infer<typeof LiveUsageSchema>;

/** Name of the event (and inter-server event) carrying `LiveUsage`. */
export const LIVE_USAGE_EVENT = 'usage:updated' as const;

/** Sent to a client that used the one-event-per-item events when a burst left logs out. */
export const LiveSkippedSchema = z.object({ project_id: z.uuid(), skipped: z.number().int().positive() });
export type LiveSkipped = z.infer<typeof LiveSkippedSchema>;

export const LIVE_RELOAD_REASONS = ['too_far_behind', 'slow_client'] as const;

/** The client should re-read the project over HTTP: what it missed cannot be streamed. */
export const LiveReloadSchema = z.object({ project_id: z.uuid(), reason: z.enum(LIVE_RELOAD_REASONS) });
export type LiveReload = z.infer<typeof LiveReloadSchema>;

export const LIVE_ERROR_CODES = ['NOT_FOUND', 'VALIDATION_ERROR', 'UNAVAILABLE', 'UNAUTHENTICATED'] as const;

/**
 * A refused request (join of a project the user does not see, malformed payload), or the end of
 * the session (`UNAUTHENTICATED`: the token expired or was revoked; the socket is closed next).
 * Carries no data.
 */
export const LiveErrorSchema = z.object({
  code: z.enum(LIVE_ERROR_CODES),
  message: z.string(),
  project_id: z.string().optional(),
});
export type LiveError = z.infer<typeof LiveErrorSchema>;

/** Handshake `auth`: the access token, and whether the client takes coalesced `live:batch` frames. */
export const LiveHandshakeSchema = z.object({
  token: z.string().min(1),
  batch: z.boolean().optional(),
});
export type LiveHandshake = z.infer<typeof LiveHandshakeSchema>;

/** `project:join`: subscribe; `since_id` (the last log seen) asks for what was missed first. */
export const ProjectJoinSchema = z.object({
  project_id: z.string(),
  since_id: z.string().optional(),
});
export type ProjectJoin = z.infer<typeof ProjectJoinSchema>;

export const ProjectLeaveSchema = z.object({ project_id: z.string() });
export type ProjectLeave = z.infer<typeof ProjectLeaveSchema>;

/** Answer (acknowledgement) of `project:join`, `project:leave` and `dashboard:join`. */
export type LiveAck = { ok: true; project_ids: string[] } | { ok: false; error: LiveError };

/** Events the server sends to a browser. */
export interface ServerToClientEvents {
  /** One new log (clients without `auth.batch`). */
  'log:new': (log: LiveLog) => void;
  'group:updated': (group: LiveGroup) => void;
  'stats:updated': (stats: LiveStats) => void;
  /** The account's monthly usage (sent to the owner's own connections, batch or not). */
  'usage:updated': (usage: LiveUsage) => void;
  'logs:skipped': (skipped: LiveSkipped) => void;
  /** A coalesced frame (clients with `auth.batch`). */
  'live:batch': (batch: LiveBatch) => void;
  reload: (reload: LiveReload) => void;
  error: (error: LiveError) => void;
}

/** Events a browser sends; the optional last argument is an acknowledgement. */
export interface ClientToServerEvents {
  'project:join': (join: ProjectJoin, ack?: (answer: LiveAck) => void) => void;
  'project:leave': (leave: ProjectLeave, ack?: (answer: LiveAck) => void) => void;
  'dashboard:join': (ack?: (answer: LiveAck) => void) => void;
}

/** Events between server processes (Socket.IO `serverSideEmit`, through Redis). */
export interface InterServerEvents {
  'live:batch': (batch: LiveBatch) => void;
  'usage:updated': (usage: LiveUsage) => void;
}

/** Name of the inter-server event a worker publishes a processed batch under. */
export const LIVE_BATCH_EVENT = 'live:batch' as const;

/** Room of a project's subscribers. */
export function projectRoom(projectId: string): string {
  return `project:${projectId}`;
}

/** Room of every connection of one user (used to evict a removed member everywhere). */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

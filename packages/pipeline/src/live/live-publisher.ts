import { LIVE_MAX_LOGS_PER_FRAME, type LiveBatch, type LiveGroup, type LiveUsage } from '@seyir/domain';
import { getTodayStats, toLiveLog, type SqlClient } from '@seyir/db';
import type { BatchOutcome } from '../process-batch.js';

/** Where a built frame goes: the gateways through Redis, or the in-process Socket.IO server. */
export interface LiveTransport {
  send(batch: LiveBatch): void | Promise<void>;
  /** An account's monthly usage, for that user's connections. */
  sendUsage?(usage: LiveUsage): void | Promise<void>;
  /** Whether anyone follows the project live; without it, every frame is sent. */
  followed?(projectId: string): boolean | Promise<boolean>;
}

export interface LivePublisher {
  /**
   * Turns what a processed batch changed into one live frame and hands it to the transport.
   * A batch that stored nothing (a retry) publishes nothing.
   */
  publishBatchOutcome(outcome: BatchOutcome): Promise<void>;
  /** Stops pending usage updates (shutdown; their timers never hold the process open). */
  close?(): void;
}

export interface LivePublisherDeps {
  sql: SqlClient;
  transport: LiveTransport;
  /** Clock for "today". Default `new Date()`. */
  now?: () => Date;
  /** Shortest time between two `usage:updated` of one account, ms; the latest value is sent at the end of the wait. Default 5,000. */
  usageIntervalMs?: number;
}

/**
 * At most one usage update per account per interval: the first goes out at once, later ones
 * wait and only the newest is sent (usage only grows, so nothing is lost by skipping).
 */
export class UsageThrottle {
  private readonly lastSent = new Map<string, number>();
  private readonly waiting = new Map<string, { usage: LiveUsage; timer: NodeJS.Timeout }>();

  constructor(
    private readonly send: (usage: LiveUsage) => void,
    private readonly intervalMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  offer(usage: LiveUsage): void {
    const key = usage.user_id;
    const pending = this.waiting.get(key);
    if (pending) {
      if (usage.month > pending.usage.month || (usage.month === pending.usage.month && usage.logs >= pending.usage.logs)) pending.usage = usage;
      return;
    }
    const wait = (this.lastSent.get(key) ?? -Infinity) + this.intervalMs - this.clock();
    if (wait <= 0) return this.emit(usage);
    const timer = setTimeout(() => {
      const latest = this.waiting.get(key)!.usage;
      this.waiting.delete(key);
      this.emit(latest);
    }, wait);
    timer.unref?.();
    this.waiting.set(key, { usage, timer });
  }

  close(): void {
    for (const { timer } of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
  }

  private emit(usage: LiveUsage): void {
    this.lastSent.set(usage.user_id, this.clock());
    if (this.lastSent.size > 10_000) this.lastSent.delete(this.lastSent.keys().next().value!);
    this.send(usage);
  }
}

const STATUSES: readonly string[] = ['unresolved', 'resolved', 'ignored'];

/** Builds frames from batch outcomes: the stored logs' summaries, changed groups, today's counts. */
export function createLivePublisher(deps: LivePublisherDeps): LivePublisher {
  const now = deps.now ?? (() => new Date());
  const sendUsage = deps.transport.sendUsage?.bind(deps.transport);
  const usage = new UsageThrottle((u) => void Promise.resolve(sendUsage?.(u)).catch(() => undefined), deps.usageIntervalMs ?? 5000);
  return {
    close: () => usage.close(),
    async publishBatchOutcome(outcome) {
      if (outcome.inserted === 0) return;
      if (!deps.transport.followed || (await deps.transport.followed(outcome.projectId))) await sendFrame(outcome);
      if (outcome.usage && sendUsage) {
        const { ownerId, month, logs: used, quota } = outcome.usage;
        usage.offer({ user_id: ownerId, month, logs: used, quota, percent_used: quota > 0 ? Math.floor((used / quota) * 100) : 0, over_quota: used > quota });
      }
    },
  };

  /** The frame of a batch: the stored logs' summaries, changed groups, today's counts. */
  async function sendFrame(outcome: BatchOutcome): Promise<void> {
    // Batch order is the client's order of writing: the last of a large batch are its newest.
    // The worker still holds what it stored: no read-back of the logs on the ingest path.
    const logs = outcome.insertedLogs.slice(-LIVE_MAX_LOGS_PER_FRAME).map((log) =>
      toLiveLog(outcome.projectId, {
        id: log.id,
        timestamp: new Date(log.timestampMs),
        level: log.level,
        message: log.message,
        environment: log.environment,
        host: log.host,
        tags: log.tags,
        group_id: log.groupId,
      }),
    );
    const stats = await getTodayStats(deps.sql, outcome.projectId, now());
    const groups: LiveGroup[] = outcome.groups.map((g) => ({
      _id: g.groupId,
      id: g.groupId,
      group_id: g.groupId,
      project_id: outcome.projectId,
      count: g.count,
      last_seen: new Date(g.lastSeen).toISOString(),
      status: (STATUSES.includes(g.status) ? g.status : 'unresolved') as LiveGroup['status'],
      is_new: g.isNew,
      regressed: g.regressed || g.regressedEnvironments.length > 0,
    }));
    await deps.transport.send({
      project_id: outcome.projectId,
      logs,
      skipped: outcome.inserted - logs.length,
      groups,
      stats,
    });
  }
}

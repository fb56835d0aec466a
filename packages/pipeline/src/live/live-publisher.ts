import { LIVE_MAX_LOGS_PER_FRAME, type LiveBatch, type LiveGroup } from '@seyir/domain';
import type { SqlClient } from '@seyir/db';
import type { BatchOutcome } from '../process-batch.js';
import { toLiveLog } from './find-live-logs.js';
import { getTodayStats } from './get-today-stats.js';

/** Where a built frame goes: the gateways through Redis, or the in-process Socket.IO server. */
export interface LiveTransport {
  send(batch: LiveBatch): void | Promise<void>;
}

export interface LivePublisher {
  /**
   * Turns what a processed batch changed into one live frame and hands it to the transport.
   * A batch that stored nothing (a retry) publishes nothing.
   */
  publishBatchOutcome(outcome: BatchOutcome): Promise<void>;
}

export interface LivePublisherDeps {
  sql: SqlClient;
  transport: LiveTransport;
  /** Clock for "today". Default `new Date()`. */
  now?: () => Date;
}

const STATUSES: readonly string[] = ['unresolved', 'resolved', 'ignored'];

/** Builds frames from batch outcomes: the stored logs' summaries, changed groups, today's counts. */
export function createLivePublisher(deps: LivePublisherDeps): LivePublisher {
  const now = deps.now ?? (() => new Date());
  return {
    async publishBatchOutcome(outcome) {
      if (outcome.inserted === 0) return;
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
    },
  };
}

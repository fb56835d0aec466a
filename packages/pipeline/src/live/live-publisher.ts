import { LIVE_MAX_LOGS_PER_FRAME, type LiveBatch, type LiveGroup } from '@seyir/domain';
import type { SqlClient } from '@seyir/db';
import type { BatchOutcome } from '../process-batch.js';
import { findLiveLogs } from './find-live-logs.js';
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

/** Builds frames from batch outcomes: log summaries read back by id, changed groups, today's counts. */
export function createLivePublisher(deps: LivePublisherDeps): LivePublisher {
  const now = deps.now ?? (() => new Date());
  return {
    async publishBatchOutcome(outcome) {
      if (outcome.inserted === 0) return;
      // Batch order is the client's order of writing: the last of a large batch are its newest.
      const ids = outcome.insertedIds.slice(-LIVE_MAX_LOGS_PER_FRAME);
      const [logs, stats] = await Promise.all([findLiveLogs(deps.sql, outcome.projectId, ids), getTodayStats(deps.sql, outcome.projectId, now())]);
      const groups: LiveGroup[] = outcome.groups.map((g) => ({
        _id: g.groupId,
        id: g.groupId,
        group_id: g.groupId,
        project_id: outcome.projectId,
        count: g.count,
        last_seen: new Date(g.lastSeen).toISOString(),
        status: (STATUSES.includes(g.status) ? g.status : 'unresolved') as LiveGroup['status'],
        is_new: g.isNew,
        regressed: g.regressed,
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

import { AppError, assessIngestHealth, READ_MESSAGES, type IngestHealth, type IngestQueueState, type LogGroup } from '@seyir/domain';
import { rebuildGroupProjection } from '@seyir/db';
import type { AppDeps } from '../deps.js';
import { presentGroup } from './groups.js';

/** How long the health report waits for the queue before calling it unreachable. */
const HEALTH_TIMEOUT_MS = 3_000;

/** Rebuilds a group's counters and sets from its stored logs and answers it as the detail does. */
export async function reprocessGroup(deps: Pick<AppDeps, 'database' | 'now'>, projectId: string, groupId: string): Promise<LogGroup> {
  const row = await rebuildGroupProjection(deps.database, projectId, groupId);
  if (!row) throw new AppError('NOT_FOUND', READ_MESSAGES.groupNotFound);
  return presentGroup(row, deps.now());
}

/**
 * The ingest pipeline's health: queue depth, the oldest waiting batch's age, retries, failed
 * batches and live workers, judged (ok / degraded / down) with the lag at which ingest starts
 * answering 503. A queue that does not answer within 3 s is reported down, not as an error.
 */
export async function getIngestHealth(deps: Pick<AppDeps, 'ingest' | 'redis' | 'now' | 'ingestMaxLagMs'>): Promise<IngestHealth> {
  let state: IngestQueueState | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    state = await Promise.race([
      deps.ingest.health(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('ingest health timed out')), HEALTH_TIMEOUT_MS);
      }),
    ]);
  } catch {
    state = null;
  } finally {
    clearTimeout(timer);
  }
  return assessIngestHealth(state, deps.redis ? 'distributed' : 'embedded', deps.now(), deps.ingestMaxLagMs);
}

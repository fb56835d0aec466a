import { z } from 'zod';
import { INGEST_MESSAGES } from './messages.js';
import { INGEST_LIMITS } from './limits.js';

/** What an ingest sink reports about itself (BullMQ queue, or the embedded inline pipeline). */
export interface IngestQueueState {
  mode: 'embedded' | 'distributed';
  /** Batches waiting for a worker (embedded: waiting in memory for the one pipeline slot). */
  waiting: number;
  /** Batches being stored right now. */
  active: number;
  /** Batches waiting to be retried after a failed attempt (embedded: always 0, a failure is answered 503). */
  delayed: number;
  /** Batches that failed for good (distributed: the last 5,000 kept; embedded: answered 503 since start). */
  failed: number;
  /** Age of the oldest waiting batch in ms, null when none waits. */
  oldestWaitingMs: number | null;
  /** Live workers (BullMQ connections of the ingest queue); embedded: 1, this process. Null when Redis does not list clients. */
  workers: number | null;
}

export const INGEST_HEALTH_STATUSES = ['ok', 'degraded', 'down'] as const;

/** GET /api/v1/projects/{id}/groups/health. */
export const IngestHealthSchema = z.object({
  mode: z.enum(['embedded', 'distributed']),
  status: z.enum(INGEST_HEALTH_STATUSES),
  /** Turkish sentences explaining a status other than ok. */
  problems: z.array(z.string()),
  queue: z
    .object({
      waiting: z.number().int(),
      active: z.number().int(),
      delayed: z.number().int(),
      failed: z.number().int(),
      oldest_waiting_ms: z.number().int().nullable(),
    })
    .nullable(),
  workers: z.number().int().nullable(),
  checked_at: z.string(),
});
export type IngestHealth = z.infer<typeof IngestHealthSchema>;

/**
 * Judges the ingest pipeline from its queue state: `down` when nothing can store logs (the queue
 * cannot be read, or batches wait and no worker is connected), `degraded` when logs are late
 * (the oldest waiting batch is older than `maxLagMs`, where ingest starts answering 503) or
 * batches are being retried, else `ok`. Failed batches are reported but do not change the status:
 * they are kept for inspection long after the cause is gone.
 */
export function assessIngestHealth(state: IngestQueueState | null, mode: IngestQueueState['mode'], now: Date, maxLagMs: number = INGEST_LIMITS.defaultMaxLagMs): IngestHealth {
  const checked_at = now.toISOString();
  if (!state) return { mode, status: 'down', problems: [INGEST_MESSAGES.healthQueueUnreachable], queue: null, workers: null, checked_at };
  const problems: string[] = [];
  let status: IngestHealth['status'] = 'ok';
  if (state.workers === 0 && state.waiting + state.delayed + state.active > 0) {
    status = 'down';
    problems.push(INGEST_MESSAGES.healthNoWorkers);
  } else if (state.workers === 0) {
    status = 'degraded';
    problems.push(INGEST_MESSAGES.healthNoWorkers);
  }
  if (state.oldestWaitingMs !== null && state.oldestWaitingMs > maxLagMs) {
    if (status === 'ok') status = 'degraded';
    problems.push(INGEST_MESSAGES.healthLagging(state.oldestWaitingMs));
  }
  if (state.delayed > 0) {
    if (status === 'ok') status = 'degraded';
    problems.push(INGEST_MESSAGES.healthRetrying(state.delayed));
  }
  return {
    mode: state.mode,
    status,
    problems,
    queue: { waiting: state.waiting, active: state.active, delayed: state.delayed, failed: state.failed, oldest_waiting_ms: state.oldestWaitingMs === null ? null : Math.round(state.oldestWaitingMs) },
    workers: state.workers,
    checked_at,
  };
}

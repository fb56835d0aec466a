import { randomUUID } from 'node:crypto';
import { AppError, INGEST_LIMITS, INGEST_MESSAGES, normalizeIngestLog, type IngestJob, type JobLog } from '@seyir/domain';
import { idempotentLogIds, logIdFor } from '@seyir/pipeline';

export interface AcceptedBatch {
  job: IngestJob | undefined;
  rejected: { index: number; detail: string }[];
}

export interface AcceptOptions {
  /** Characters of the request body (spares measuring each item's object fields again). */
  sourceChars?: number | undefined;
  /** The request's Idempotency-Key: item ids derive from it, so a resent request adds nothing. */
  idempotencyKey?: string | undefined;
}

/**
 * Validates every item of a request on its own: the good ones become one job (each with an id
 * made now, so a retried job stores nothing twice), the bad ones are reported by index.
 */
export function acceptBatch(items: unknown[], projectId: string, environments: readonly string[], nowMs: number, options: AcceptOptions = {}): AcceptedBatch {
  const { sourceChars, idempotencyKey } = options;
  if (items.length === 0) throw new AppError('VALIDATION_FAILED', INGEST_MESSAGES.emptyBatch);
  if (items.length > INGEST_LIMITS.maxBatchLogs) throw new AppError('PAYLOAD_TOO_LARGE', INGEST_MESSAGES.batchTooLarge);
  const logs: JobLog[] = [];
  const rejected: { index: number; detail: string }[] = [];
  const known = new Set(environments);
  const idOf = idempotencyKey === undefined ? logIdFor : idempotentLogIds(projectId, idempotencyKey);
  items.forEach((item, index) => {
    const result = normalizeIngestLog(item, { nowMs, sourceChars });
    if (!result.ok) {
      rejected.push({ index, detail: result.detail });
      return;
    }
    if (!known.has(result.log.environment)) {
      if (known.size >= 20) {
        rejected.push({ index, detail: INGEST_MESSAGES.environmentLimit });
        return;
      }
      known.add(result.log.environment);
    }
    // An unset clampedFrom stays an undefined key: JSON (the job in Redis) leaves it out.
    logs.push({ id: idOf(result.log.timestampMs, index), ...result.log });
  });
  return {
    job: logs.length > 0 ? { batchId: randomUUID(), projectId, receivedAtMs: nowMs, logs } : undefined,
    rejected,
  };
}

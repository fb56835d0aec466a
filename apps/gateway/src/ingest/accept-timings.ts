import { randomUUID } from 'node:crypto';
import { AppError, INGEST_MESSAGES, MAX_ENVIRONMENTS, normalizeTimingRecord, PERF_LIMITS, PERF_MESSAGES, type JobTiming, type TimingJob } from '@seyir/domain';

/**
 * Validates every timing record of a request on its own: the good ones become one job, the
 * bad ones are reported by index (as for logs).
 */
export function acceptTimings(
  items: unknown[],
  projectId: string,
  environments: readonly string[],
  nowMs: number,
): { job: TimingJob | undefined; rejected: { index: number; detail: string }[] } {
  if (items.length === 0) throw new AppError('VALIDATION_FAILED', PERF_MESSAGES.emptyBatch);
  if (items.length > PERF_LIMITS.maxBatchRecords) throw new AppError('PAYLOAD_TOO_LARGE', PERF_MESSAGES.batchTooLarge);
  const timings: JobTiming[] = [];
  const rejected: { index: number; detail: string }[] = [];
  const known = new Set(environments);
  items.forEach((item, index) => {
    const result = normalizeTimingRecord(item, nowMs);
    if (!result.ok) {
      rejected.push({ index, detail: result.detail });
      return;
    }
    if (!known.has(result.timing.environment)) {
      if (known.size >= MAX_ENVIRONMENTS) {
        rejected.push({ index, detail: INGEST_MESSAGES.environmentLimit });
        return;
      }
      known.add(result.timing.environment);
    }
    timings.push(result.timing);
  });
  return { job: timings.length ? { batchId: randomUUID(), projectId, receivedAtMs: nowMs, timings } : undefined, rejected };
}

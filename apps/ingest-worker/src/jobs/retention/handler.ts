import { runRetention, type RetentionDeps, type RetentionReport } from '@seyir/pipeline';

/**
 * Runs one retention pass (see runRetention). Idempotent: a stalled job run twice, or two runs
 * at once, find the retention lock taken or nothing left to delete. The report (counts and
 * skipped days only) is the job's return value.
 */
export function createRetentionHandler(deps: RetentionDeps): () => Promise<RetentionReport | { skipped: 'another run in progress' }> {
  return async () => (await runRetention(deps, new Date())) ?? { skipped: 'another run in progress' };
}

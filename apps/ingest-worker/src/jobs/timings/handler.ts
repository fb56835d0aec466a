import { alertJobFromTimings, type AlertQueue } from '@seyir/alerts';
import { TimingJobSchema } from '@seyir/domain';
import { processTimings, type TimingDeps } from '@seyir/pipeline';
import { UnrecoverableError, type Job } from 'bullmq';

/**
 * Processes one `timings` job: parsed again (the payload comes from Redis), then added to the
 * performance rollups exactly once (processTimings records the batch id in the same transaction),
 * then one `alerts` job for the latency and error_rate rules (none for a retry that added nothing).
 */
export function createTimingsHandler(deps: TimingDeps, alerts?: AlertQueue): (job: Job) => Promise<{ added: number; detailed: number }> {
  return async (job) => {
    const parsed = TimingJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid timings job: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
    const outcome = await processTimings(deps, parsed.data);
    const alertJob = alertJobFromTimings(outcome, Date.now());
    if (alertJob) await alerts?.evaluate(alertJob);
    return { added: outcome.added, detailed: outcome.detailed };
  };
}

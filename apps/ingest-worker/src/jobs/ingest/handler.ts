import { alertJobFromOutcome, type AlertQueue } from '@seyir/alerts';
import { readIngestJob } from '@seyir/domain';
import { processBatch, type LivePublisher, type PipelineDeps } from '@seyir/pipeline';
import { UnrecoverableError, type Job } from 'bullmq';

/**
 * Processes one `ingest` job. The payload comes from Redis and is parsed again (untrusted):
 * a bad one fails for good; a database error is rethrown so the job is retried with backoff.
 * processBatch is idempotent, so a stalled job that runs twice stores its logs once.
 */
export function createIngestHandler(
  pipeline: PipelineDeps,
  live?: LivePublisher,
  alerts?: AlertQueue,
): (job: Job) => Promise<{ inserted: number; overage: number }> {
  return async (job) => {
    const parsed = readIngestJob(job.data);
    if (!parsed) throw new UnrecoverableError('invalid ingest job: not what IngestJobSchema describes');
    const outcome = await processBatch(pipeline, parsed);
    // After the commit: subscribers see only stored logs. A retry stores nothing and publishes nothing.
    await live?.publishBatchOutcome(outcome);
    // One job on the `alerts` queue; evaluation and delivery happen there, off the ingest path.
    const alertJob = alertJobFromOutcome(outcome, Date.now());
    if (alertJob) await alerts?.evaluate(alertJob);
    // BullMQ keeps the return value in Redis: counts only, not the logs.
    return { inserted: outcome.inserted, overage: outcome.overage };
  };
}

import { alertJobFromOutcome, type AlertQueue } from '@seyir/alerts';
import { readIngestJob, type IngestJob } from '@seyir/domain';
import { createMergeQueue, processBatches, usageMonthOf, type LivePublisher, type PipelineDeps } from '@seyir/pipeline';
import { UnrecoverableError, type Job } from 'bullmq';

/** What a job leaves in Redis when done: its own count, and how many jobs shared its transaction. */
export interface IngestJobResult {
  inserted: number;
  storedWith: number;
}

export interface IngestHandlerOptions {
  /** Transactions at once (SEYIR_WORKER_CONCURRENCY). */
  runs: number;
  /** Logs stored in one transaction at most, however many jobs wait. */
  maxLogsPerRun: number;
}

/** Logs one transaction stores at most when jobs wait: five full batches. */
export const MAX_LOGS_PER_RUN = 5000;

/**
 * Processes `ingest` jobs. The payload comes from Redis and is parsed again (untrusted): a bad
 * one fails for good; a database error is rethrown so the job is retried with backoff.
 * Jobs of one project that wait together are stored in one transaction (merge-queue.ts);
 * processBatches is idempotent, so a stalled job that runs twice stores its logs once.
 */
export function createIngestHandler(
  pipeline: PipelineDeps,
  options: IngestHandlerOptions,
  live?: LivePublisher,
  alerts?: AlertQueue,
): (job: Job) => Promise<IngestJobResult> {
  const queue = createMergeQueue<IngestJob, IngestJobResult>({
    keyOf: (job) => `${job.projectId}|${usageMonthOf(job)}`,
    weightOf: (job) => job.logs.length,
    maxWeight: options.maxLogsPerRun,
    maxRuns: options.runs,
    runsPerKey: options.runs,
    run: async (jobs) => {
      const outcome = await processBatches(pipeline, jobs);
      // After the commit: subscribers see only stored logs. A retry stores nothing and publishes nothing.
      await live?.publishBatchOutcome(outcome);
      // One job on the `alerts` queue; evaluation and delivery happen there, off the ingest path.
      const alertJob = alertJobFromOutcome(outcome, Date.now());
      if (alertJob) await alerts?.evaluate(alertJob);
      // BullMQ keeps the return value in Redis: counts only, not the logs.
      const stored = new Set(outcome.insertedLogs.map((log) => log.id));
      return jobs.map((job) => ({ inserted: job.logs.filter((log) => stored.has(log.id)).length, storedWith: jobs.length }));
    },
  });
  return async (job) => {
    const parsed = readIngestJob(job.data);
    if (!parsed) throw new UnrecoverableError('invalid ingest job: not what IngestJobSchema describes');
    return queue.submit(parsed);
  };
}

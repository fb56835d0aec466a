import type { AlertQueue } from '@seyir/alerts';
import { TIMINGS_QUEUE } from '@seyir/domain';
import type { DatabaseHandle } from '@seyir/db';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WorkerConfig } from './config.js';
import { createTimingsHandler } from './jobs/timings/handler.js';
import { queueWorkerOptions } from './worker-options.js';

/** The consumer of the `timings` queue (performance rollups, then latency/error_rate alert jobs); old performance data goes with the hourly retention job. */
export async function startTimingsWorker(config: WorkerConfig, logger: Logger, connection: Redis, database: DatabaseHandle, alerts?: AlertQueue): Promise<() => Promise<void>> {
  const worker = new Worker(TIMINGS_QUEUE, createTimingsHandler({ database }, alerts), queueWorkerOptions(config, connection));
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'timings job failed'));
  worker.on('error', (error) => logger.warn({ err: error }, 'timings worker error'));
  await worker.waitUntilReady();
  return async () => {
    await worker.close();
  };
}

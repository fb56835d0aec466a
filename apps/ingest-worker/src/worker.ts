import { alertSettingsFrom, createAlertDeps, createBullAlertQueue, startAlertWorker } from '@seyir/alerts';
import { INGEST_QUEUE } from '@seyir/domain';
import { createMailer, mailerConfigFromEnv } from '@seyir/mailer';
import { openDatabase, type DatabaseHandle } from '@seyir/db';
import {
  bullPrefix,
  createLivePublisher,
  createRedisLiveTransport,
  ingestBackoff,
  startPartitionMaintenance,
  TemplateStore,
  type LivePublisher,
} from '@seyir/pipeline';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WorkerConfig } from './config.js';
import { createIngestHandler } from './jobs/ingest/handler.js';

export interface RunningWorker {
  worker: Worker;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Starts an ingest worker: BullMQ consumer of the `ingest` queue writing to PostgreSQL. */
export async function startWorker(config: WorkerConfig, logger: Logger): Promise<RunningWorker> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: config.SEYIR_WORKER_POOL ?? config.SEYIR_WORKER_CONCURRENCY + 2 });
  const stopPartitions = await startPartitionMaintenance(database.sql, (error) => logger.warn({ err: error }, 'partition maintenance failed'));
  // Workers block on Redis: BullMQ needs maxRetriesPerRequest null and reconnects by itself.
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const pipeline = { database, templates: new TemplateStore(database.sql), planPreset: config.SEYIR_PLAN_PRESET };
  const publisher = createLivePublisher({ sql: database.sql, transport: createRedisLiveTransport(connection, config.SEYIR_REDIS_PREFIX) });
  const live: LivePublisher = {
    publishBatchOutcome: (outcome) => publisher.publishBatchOutcome(outcome).catch((error: unknown) => logger.warn({ err: error }, 'live publish failed')),
  };
  const warn = (error: unknown, what: string) => logger.warn({ err: error }, what);
  const alertDeps = createAlertDeps(database.sql, alertSettingsFrom(config, config.SEYIR_PUBLIC_URL), config.SEYIR_PLAN_PRESET, createMailer(mailerConfigFromEnv(config)));
  const alertQueue = createBullAlertQueue(connection, bullPrefix(config.SEYIR_REDIS_PREFIX), warn);
  const alertWorker = await startAlertWorker(alertDeps, connection, bullPrefix(config.SEYIR_REDIS_PREFIX), warn);
  const worker = new Worker(INGEST_QUEUE, createIngestHandler(pipeline, live, alertQueue), {
    connection,
    prefix: bullPrefix(config.SEYIR_REDIS_PREFIX),
    concurrency: config.SEYIR_WORKER_CONCURRENCY,
    // A killed worker's jobs are found stalled and run again within 1.5 x the lock (see config).
    lockDuration: config.SEYIR_JOB_LOCK_MS,
    stalledInterval: Math.max(1000, Math.floor(config.SEYIR_JOB_LOCK_MS / 2)),
    maxStalledCount: 1000,
    settings: { backoffStrategy: (attemptsMade: number) => ingestBackoff(attemptsMade) },
  });
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'ingest job failed'));
  worker.on('error', (error) => logger.warn({ err: error }, 'worker error'));
  await worker.waitUntilReady();
  return {
    worker,
    database,
    close: async () => {
      stopPartitions();
      await worker.close();
      await alertWorker.close();
      await alertQueue.close();
      alertDeps.mailer.close();
      connection.disconnect();
      await database.close();
    },
  };
}

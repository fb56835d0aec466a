import { alertSettingsFrom, createAlertDeps, createBullAlertQueue, startAlertWorker } from '@seyir/alerts';
import { INGEST_QUEUE } from '@seyir/domain';
import { createMailer, mailerConfigFromEnv } from '@seyir/mailer';
import { openDatabase, type DatabaseHandle } from '@seyir/db';
import {
  bullPrefix,
  createLivePublisher,
  createRedisLiveTransport,
  INGEST_CONNECTION_SETTINGS,
  RETENTION_QUEUE,
  startPartitionMaintenance,
  startPendingListMerges,
  TemplateStore,
  type LivePublisher,
} from '@seyir/pipeline';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WorkerConfig } from './config.js';
import { createIngestHandler, MAX_LOGS_PER_RUN } from './jobs/ingest/handler.js';
import { createS3LogArchiver, createSecretBox, parseArchiveKey } from '@seyir/archive';
import { scheduleRetentionJob } from './jobs/retention/definition.js';
import { createRetentionHandler } from './jobs/retention/handler.js';
import { startTimingsWorker } from './timings-worker.js';
import { JOBS_IN_HAND_PER_RUN, queueWorkerOptions } from './worker-options.js';

export interface RunningWorker {
  worker: Worker;
  /** Consumer of the hourly retention job. */
  retentionWorker: Worker;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Starts an ingest worker: BullMQ consumer of the `ingest` queue writing to PostgreSQL. */
export async function startWorker(config: WorkerConfig, logger: Logger): Promise<RunningWorker> {
  // One more connection than jobs at once: the pending-list merge runs beside them.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: config.SEYIR_WORKER_POOL ?? config.SEYIR_WORKER_CONCURRENCY + 3,
    settings: INGEST_CONNECTION_SETTINGS,
  });
  const stopPartitions = await startPartitionMaintenance(database.sql, (error) => logger.warn({ err: error }, 'partition maintenance failed'));
  const stopMerges = startPendingListMerges(database, (error) => logger.warn({ err: error }, 'GIN pending-list merge failed'));
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
  const runs = config.SEYIR_WORKER_CONCURRENCY;
  const handler = createIngestHandler(pipeline, { runs, maxLogsPerRun: MAX_LOGS_PER_RUN }, live, alertQueue);
  const worker = new Worker(INGEST_QUEUE, handler, queueWorkerOptions(config, connection, runs * JOBS_IN_HAND_PER_RUN));
  worker.on('failed', (job, error) => logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'ingest job failed'));
  worker.on('error', (error) => logger.warn({ err: error }, 'worker error'));
  await worker.waitUntilReady();
  const retention = await startRetention(config, connection, database, logger);
  const stopTimings = await startTimingsWorker(config, logger, connection, database, alertQueue);
  return {
    worker,
    retentionWorker: retention.worker,
    database,
    close: async () => {
      stopPartitions();
      stopMerges();
      await retention.close();
      await Promise.all([worker.close(), stopTimings()]);
      await alertWorker.close();
      await alertQueue.close();
      alertDeps.mailer.close();
      connection.disconnect();
      await database.close();
    },
  };
}

/** Registers the retention job (once for all workers) and consumes it, one run at a time. */
async function startRetention(config: WorkerConfig, connection: Redis, database: DatabaseHandle, logger: Logger): Promise<{ worker: Worker; close(): Promise<void> }> {
  const prefix = bullPrefix(config.SEYIR_REDIS_PREFIX);
  const queue = await scheduleRetentionJob(connection, prefix, config.SEYIR_RETENTION_EVERY_MS);
  const deps = {
    database,
    planPreset: config.SEYIR_PLAN_PRESET,
    // Projects with archive settings: each expired day is written to their bucket and verified first.
    archiver: createS3LogArchiver({ database, secretBox: config.SEYIR_ARCHIVE_KEY ? createSecretBox(parseArchiveKey(config.SEYIR_ARCHIVE_KEY)) : undefined }),
    onSkip: (s: { projectId?: string; day: string; error: unknown }) => logger.warn({ projectId: s.projectId, day: s.day, err: s.error }, 'retention skipped a day'),
  };
  const worker = new Worker(RETENTION_QUEUE, createRetentionHandler(deps), { connection, prefix, concurrency: 1 });
  worker.on('completed', (_job, report: unknown) => logger.info({ report }, 'retention run done'));
  worker.on('failed', (_job, error) => logger.warn({ err: error }, 'retention run failed'));
  worker.on('error', (error) => logger.warn({ err: error }, 'retention worker error'));
  await worker.waitUntilReady();
  return {
    worker,
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}

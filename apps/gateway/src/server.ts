import { createServer, type Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase, type DatabaseHandle } from '@seyir/db';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { alertSettingsFrom, createAlertDeps, createBullAlertQueue, createInProcessAlertQueue } from '@seyir/alerts';
import { createS3LogArchiver } from '@seyir/archive';
import { createMailer, mailerConfigFromEnv } from '@seyir/mailer';
import { bullPrefix, createLivePublisher, startPartitionMaintenance, startRetentionTimer, TemplateStore } from '@seyir/pipeline';
import { createApp } from './app.js';
import { IngestKeys } from './ingest/ingest-keys.js';
import { createInlineSink, createQueueSink } from './ingest/ingest-sink.js';
import { createInlineTimingSink, createQueueTimingSink } from './ingest/timing-sink.js';
import { resolveArchiveSecretBox } from './auth/archive-key.js';
import { resolveJwtSecret } from './auth/jwt-secret.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createTokenService } from './auth/tokens.js';
import type { GatewayConfig } from './config.js';
import type { AppDeps } from './deps.js';
import { attachLiveServer, type LiveServer } from './live/index.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface RunningGateway {
  url: string;
  server: Server;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Waits (bounded) for the first Redis connection; a Redis that is down only makes /readyz say so. */
function waitUntilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolveReady) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolveReady();
    }
    redis.once('ready', done);
  });
}

/** Opens the database, migrates, builds the app and listens. Used by `npm start` and tests. */
export async function startGateway(config: GatewayConfig, logger: Logger = pino({ level: config.LOG_LEVEL })): Promise<RunningGateway> {
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await migrate(database);
  // In embedded mode this process is the pipeline, so it keeps the daily partitions too.
  const stopPartitions = config.DATABASE_URL
    ? () => undefined
    : await startPartitionMaintenance(database.sql, (error) => logger.warn({ err: error }, 'partition maintenance failed'));
  // ... and deletes logs past their retention (the workers' hourly job in distributed mode).
  const archiveSecretBox = resolveArchiveSecretBox(config.SEYIR_ARCHIVE_KEY, config.mode, config.dataDir);
  const stopRetention = config.DATABASE_URL
    ? async () => undefined
    : startRetentionTimer(
        {
          database,
          planPreset: config.SEYIR_PLAN_PRESET,
          // Projects with archive settings: each expired day is written to their bucket and verified first.
          archiver: createS3LogArchiver({ database, secretBox: archiveSecretBox }),
          onSkip: (s) => logger.warn({ projectId: s.projectId, day: s.day, err: s.error }, 'retention skipped a day'),
        },
        { everyMs: config.SEYIR_RETENTION_EVERY_MS, onReport: (report) => logger.info({ report }, 'retention run done'), onError: (error) => logger.warn({ err: error }, 'retention run failed') },
      );
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : undefined;
  redis?.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  if (redis) await waitUntilReady(redis, 5_000);
  // Embedded mode publishes to the Socket.IO server attached below, once the HTTP server exists.
  const liveRelay: { server?: LiveServer } = {};
  // One mailer (pooled SMTP) for alerts and account e-mails.
  const mailer = createMailer(mailerConfigFromEnv(config));
  const alertDeps = createAlertDeps(database.sql, alertSettingsFrom(config, config.SEYIR_PUBLIC_URL ?? `http://localhost:${config.PORT}`), config.SEYIR_PLAN_PRESET, mailer);
  const warn = (error: unknown, what: string) => logger.warn({ err: error }, what);
  // Embedded: this process evaluates and delivers; distributed: the workers do, the gateway only queues tests.
  const alertQueue = redis ? createBullAlertQueue(redis, bullPrefix(config.SEYIR_REDIS_PREFIX), warn) : createInProcessAlertQueue(alertDeps, warn);
  const livePublisher = createLivePublisher({
    sql: database.sql,
    transport: {
      followed: (projectId) => liveRelay.server?.follows(projectId) ?? false,
      send: (frame) => liveRelay.server?.deliver(frame),
      sendUsage: (usage) => liveRelay.server?.deliverUsage(usage),
    },
  });
  const queueLimits = {
    maxWaiting: config.SEYIR_INGEST_MAX_WAITING,
    maxLagMs: config.SEYIR_INGEST_MAX_LAG_MS,
    maxHoldMs: config.SEYIR_INGEST_MAX_HOLD_MS,
    coalesceMs: config.SEYIR_INGEST_COALESCE_MS,
  };
  const deps: AppDeps = {
    database,
    db: database.db,
    tokens: createTokenService(resolveJwtSecret(config.JWT_SECRET, config.dataDir)),
    loginThrottle: createLoginThrottle(redis, { keyPrefix: config.SEYIR_REDIS_PREFIX }),
    redisPrefix: config.SEYIR_REDIS_PREFIX,
    logger,
    redis,
    planPreset: config.SEYIR_PLAN_PRESET,
    beta: config.SEYIR_BETA,
    enforcePlanLimits: config.SEYIR_ENFORCE_PLAN_LIMITS,
    webDist: config.SEYIR_WEB_DIST ?? join(REPO_ROOT, 'apps', 'web', 'dist'),
    ingest: redis
      ? createQueueSink(redis, config.SEYIR_REDIS_PREFIX, queueLimits)
      : createInlineSink({ database, templates: new TemplateStore(database.sql), planPreset: config.SEYIR_PLAN_PRESET }, { maxWaiting: config.SEYIR_INGEST_MAX_WAITING }, livePublisher, alertQueue),
    timings: redis
      ? createQueueTimingSink(redis, config.SEYIR_REDIS_PREFIX, queueLimits)
      : createInlineTimingSink({ database }, alertQueue),
    ingestKeys: new IngestKeys(database.db),
    ingestRequestsPerSecond: config.SEYIR_INGEST_KEY_RPS,
    ingestMaxLagMs: config.SEYIR_INGEST_MAX_LAG_MS,
    alerts: { deps: alertDeps, queue: alertQueue },
    ingestMaxInflight: config.SEYIR_INGEST_MAX_INFLIGHT,
    ingestMaxInflightBytes: config.SEYIR_INGEST_MAX_INFLIGHT_MB && config.SEYIR_INGEST_MAX_INFLIGHT_MB * 1024 * 1024,
    mailer,
    archiveSecretBox,
    publicUrl: config.SEYIR_PUBLIC_URL ?? '',
    now: () => new Date(),
  };
  const server = createServer(createApp(deps));
  const live = attachLiveServer(server, deps);
  liveRelay.server = live;
  deps.live = live;
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolveListen());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  if (!config.SEYIR_PUBLIC_URL) alertDeps.settings.publicUrl = url;
  deps.publicUrl ||= url;
  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    deps,
    close: () =>
      (closing ??= (async () => {
        stopPartitions();
        await stopRetention();
        await live.close();
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        await deps.ingest.close();
        await alertQueue.close();
        mailer.close();
        await deps.timings.close();
        redis?.disconnect();
        await database.close();
      })()),
  };
}

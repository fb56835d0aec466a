import { createServer, type Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase, type DatabaseHandle } from '@seyir/db';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { createApp } from './app.js';
import { resolveJwtSecret } from './auth/jwt-secret.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createTokenService } from './auth/tokens.js';
import { loadConfig, type GatewayConfig } from './config.js';
import type { AppDeps } from './deps.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface RunningGateway {
  url: string;
  server: Server;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Opens the database, migrates, builds the app and listens. Used by `npm start` and tests. */
export async function startGateway(config: GatewayConfig, logger: Logger = pino({ level: config.LOG_LEVEL })): Promise<RunningGateway> {
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await migrate(database);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : undefined;
  redis?.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const deps: AppDeps = {
    database,
    db: database.db,
    tokens: createTokenService(resolveJwtSecret(config.JWT_SECRET, config.dataDir)),
    loginThrottle: createLoginThrottle(redis),
    logger,
    redis,
    planPreset: config.SEYIR_PLAN_PRESET,
    beta: config.SEYIR_BETA,
    webDist: config.SEYIR_WEB_DIST ?? join(REPO_ROOT, 'apps', 'web', 'dist'),
    now: () => new Date(),
  };
  const server = createServer(createApp(deps));
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolveListen());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    deps,
    close: () =>
      (closing ??= (async () => {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        redis?.disconnect();
        await database.close();
      })()),
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const gateway = await startGateway(config, logger);
  logger.info({ mode: config.mode, url: gateway.url }, 'Seyir is running');
  process.stdout.write(`\nSeyir çalışıyor (${config.mode === 'embedded' ? 'gömülü mod' : 'dağıtık mod'}): ${gateway.url}\n\n`);
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`Seyir could not start: ${(error as Error).message}\n`);
    process.exit(1);
  });
}

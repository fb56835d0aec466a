import { pino } from 'pino';
import { loadConfig } from './config.js';
import { startGateway } from './server.js';

/** Process entry point of `npm start`: listen, print the URL, shut down cleanly on signals. */
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

main().catch((error: unknown) => {
  process.stderr.write(`Seyir could not start: ${(error as Error).message}\n`);
  process.exit(1);
});

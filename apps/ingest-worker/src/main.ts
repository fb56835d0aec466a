import { pino } from 'pino';
import { loadWorkerConfig } from './config.js';
import { startWorker } from './worker.js';

/** Process entry of an ingest worker (distributed mode). Finishes its jobs on SIGTERM. */
async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const running = await startWorker(config, logger);
  logger.info({ concurrency: config.SEYIR_WORKER_CONCURRENCY }, 'ingest worker running');
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Seyir worker could not start: ${(error as Error).message}\n`);
  process.exit(1);
});

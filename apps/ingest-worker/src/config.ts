import { AlertEnvShape } from '@seyir/alerts';
import { ArchiveEnvShape } from '@seyir/archive';
import { PLAN_PRESETS } from '@seyir/domain';
import { MailerEnvSchema } from '@seyir/mailer';
import { z } from 'zod';

const ConfigSchema = z.object({
  DATABASE_URL: z.string().url(),
  REDIS_URL: z.string().url(),
  /** Prefix of every Redis key; must match the gateways'. Default `seyir:`. */
  SEYIR_REDIS_PREFIX: z.string().max(64).default('seyir:'),
  /**
   * Transactions one worker process runs at once (log and timing batches). Default 2. It takes
   * twice as many log jobs from Redis, and stores those of one project that wait together
   * in one transaction.
   */
  SEYIR_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Database connections of one worker. Default concurrency + 3 (the GIN pending-list merge has its own). */
  SEYIR_WORKER_POOL: z.coerce.number().int().min(1).optional(),
  /**
   * Lock of an active job, ms; the worker renews it every half of this. A worker that dies
   * (SIGKILL, crash, lost host) holds its jobs until the lock expires; the stalled check, run
   * every half of this, then hands them to a live worker: they run again within 1.5x this.
   * Default 10,000 (recovery within 15 s instead of BullMQ's 30 s + 30 s). Only a worker whose
   * event loop is blocked this long loses a job it still runs, which is then run twice and
   * stored once (batches are idempotent).
   */
  SEYIR_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(10_000),
  SEYIR_PLAN_PRESET: z.enum(PLAN_PRESETS).default('pricing'),
  /** How often the retention job runs, ms (one job for all workers). Default 3,600,000 (hourly). */
  SEYIR_RETENTION_EVERY_MS: z.coerce.number().int().min(1000).default(3_600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public base URL of the web app, for links in alerts. Default http://localhost:8000. */
  SEYIR_PUBLIC_URL: z.string().url().default('http://localhost:8000'),
  ...AlertEnvShape,
  ...MailerEnvSchema.shape,
  /** Needed to archive projects that have archive settings (else their expired days are kept, not deleted). */
  ...ArchiveEnvShape,
});
export type WorkerConfig = z.infer<typeof ConfigSchema>;

/** Reads and validates the environment once at boot; fails naming the bad variable. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new Error(`invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

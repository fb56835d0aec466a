import { PLAN_PRESETS } from '@seyir/domain';
import { z } from 'zod';

const ConfigSchema = z.object({
  DATABASE_URL: z.string().url(),
  REDIS_URL: z.string().url(),
  /** Prefix of every Redis key; must match the gateways'. Default `seyir:`. */
  SEYIR_REDIS_PREFIX: z.string().max(64).default('seyir:'),
  /** Batches one worker process handles at once. Default 2. */
  SEYIR_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Database connections of one worker. Default concurrency + 2. */
  SEYIR_WORKER_POOL: z.coerce.number().int().min(1).optional(),
  /** How long a job may run before it is taken as stalled and retried elsewhere, ms. Default 30,000. */
  SEYIR_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  SEYIR_PLAN_PRESET: z.enum(PLAN_PRESETS).default('pricing'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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

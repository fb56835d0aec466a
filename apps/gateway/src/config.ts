import { AlertEnvShape } from '@seyir/alerts';
import { ArchiveEnvShape } from '@seyir/archive';
import { PLAN_PRESETS } from '@seyir/domain';
import { MailerEnvSchema } from '@seyir/mailer';
import { resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const ConfigSchema = z
  .object({
    /** Port of the HTTP API, Socket.IO and web app. Default 8000. */
    PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    /** Interface to listen on. Default all interfaces. */
    HOST: z.string().default('0.0.0.0'),
    /** Embedded mode keeps PGlite data and the generated JWT secret here. Default `.seyir-data`. */
    SEYIR_DATA_DIR: z.string().default('.seyir-data'),
    /** Distributed mode: a PostgreSQL URL (with REDIS_URL). */
    DATABASE_URL: z.string().url().optional(),
    /** Distributed mode: a Redis URL (with DATABASE_URL). */
    REDIS_URL: z.string().url().optional(),
    /** Signing secret of access tokens; required in distributed mode, generated in embedded mode. */
    JWT_SECRET: z.string().min(32).optional(),
    /** pino level of the server's own logs. Default info. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Which reading of the plan table: the §9 pricing table or the FAQ's. Default pricing. */
    SEYIR_PLAN_PRESET: z.enum(PLAN_PRESETS).default('pricing'),
    /** Prefix of every Redis key, so several deployments can share one Redis. Default `seyir:`. */
    SEYIR_REDIS_PREFIX: z.string().max(64).default('seyir:'),
    /** Ingest requests allowed per API key per second (each up to 1,000 logs). Default 200. */
    SEYIR_INGEST_KEY_RPS: z.coerce.number().int().min(1).default(200),
    /** Batches allowed to wait (embedded: in memory; distributed: jobs in Redis) before ingest answers 503. */
    SEYIR_INGEST_MAX_WAITING: z.coerce.number().int().min(1).optional(),
    /** Distributed: how old the oldest queued batch may be (ms) before ingest holds, then refuses, requests. Default 500. */
    SEYIR_INGEST_MAX_LAG_MS: z.coerce.number().int().min(100).optional(),
    /** Distributed: how long a request past those limits waits for the workers (ms) before the 503; 0 = answer at once. Default 2000. */
    SEYIR_INGEST_MAX_HOLD_MS: z.coerce.number().int().min(0).max(10_000).optional(),
    /** Ingest requests read and parsed at once (each body up to 5 MB); past it 503 + Retry-After. Default 64. */
    SEYIR_INGEST_MAX_INFLIGHT: z.coerce.number().int().min(1).max(10_000).default(64),
    /** Decompressed ingest bodies held at once (MB); past it 503 + Retry-After. Default 64. */
    SEYIR_INGEST_MAX_INFLIGHT_MB: z.coerce.number().int().min(5).max(1024).optional(),
    /** Distributed: window (ms) in which a project's concurrent requests share one job; 0 = off. Default 20. */
    SEYIR_INGEST_COALESCE_MS: z.coerce.number().int().min(0).max(1000).optional(),
    /** Embedded: how often this process deletes logs past their plan's retention, ms. Default 3,600,000 (hourly). */
    SEYIR_RETENTION_EVERY_MS: z.coerce.number().int().min(1000).default(3_600_000),
    /** Enforce each plan's project count on project creation. Default on; test harnesses turn it off. */
    SEYIR_ENFORCE_PLAN_LIMITS: flag.default(true),
    /** Beta period banner ('Şu an tamamen ücretsiz!'). Default on. */
    SEYIR_BETA: flag.default(true),
    /** Built web app to serve; default apps/web/dist. */
    SEYIR_WEB_DIST: z.string().optional(),
    /** Public base URL used in links (e-mails, the usage guide). Default http://localhost:PORT. */
    SEYIR_PUBLIC_URL: z.string().url().optional(),
    ...AlertEnvShape,
    ...MailerEnvSchema.shape,
    /** AES-256-GCM key of stored archive credentials; embedded mode generates one in the data folder. */
    ...ArchiveEnvShape,
  })
  .refine((c) => Boolean(c.DATABASE_URL) === Boolean(c.REDIS_URL), {
    error: 'DATABASE_URL and REDIS_URL go together: set both for distributed mode, or neither for embedded mode',
  })
  .refine((c) => !c.DATABASE_URL || c.JWT_SECRET, { error: 'JWT_SECRET (≥ 32 characters) is required in distributed mode' });

export type GatewayConfig = z.infer<typeof ConfigSchema> & { mode: 'embedded' | 'distributed'; dataDir: string };

/** Reads and validates the environment once at boot; fails naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return { ...c, mode: c.DATABASE_URL ? 'distributed' : 'embedded', dataDir: resolve(c.SEYIR_DATA_DIR) };
}

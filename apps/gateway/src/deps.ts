import type { AlertDeps, AlertQueue } from '@seyir/alerts';
import type { PlanPreset } from '@seyir/domain';
import type { SecretBox } from '@seyir/archive';
import type { Database, DatabaseHandle } from '@seyir/db';
import type { Mailer } from '@seyir/mailer';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LoginThrottle } from './auth/login-throttle.js';
import type { TokenService } from './auth/tokens.js';
import type { IngestKeys } from './ingest/ingest-keys.js';
import type { IngestSink } from './ingest/ingest-sink.js';
import type { TimingSink } from './ingest/timing-sink.js';
import type { LiveHooks } from './live/index.js';

/** Long-lived clients and settings, made once at boot and passed to routes and services. */
export interface AppDeps {
  database: DatabaseHandle;
  db: Database;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
  logger: Logger;
  /** Prefix of every Redis key of this deployment. */
  redisPrefix: string;
  /** Distributed mode only. */
  redis?: Redis | undefined;
  planPreset: PlanPreset;
  beta: boolean;
  /** Whether plan limits (project count) are enforced. */
  enforcePlanLimits: boolean;
  /** Folder of the built web app, when there is one. */
  webDist?: string | undefined;
  /** Where accepted ingest batches go (inline pipeline, or the BullMQ queue). */
  ingest: IngestSink;
  /** Where accepted timing batches go (inline rollups, or the BullMQ `timings` queue). */
  timings: TimingSink;
  ingestKeys: IngestKeys;
  /** Oldest queued batch age (ms) past which ingest answers 503 and its health is degraded. Default 1,000. */
  ingestMaxLagMs?: number | undefined;
  /** Ingest requests allowed per API key per second. */
  ingestRequestsPerSecond: number;
  /** Ingest requests being read, parsed or waiting for durability at once; more answer 503. */
  ingestMaxInflight?: number;
  /** Decompressed ingest body bytes held at once; more answer 503. */
  ingestMaxInflightBytes?: number | undefined;
  /** The live (Socket.IO) server's hooks, once it is attached. */
  live?: LiveHooks | undefined;
  /** Alert rules: evaluation/delivery dependencies and the queue (in-process when embedded, BullMQ `alerts` when distributed). */
  alerts: { deps: AlertDeps; queue: AlertQueue };
  /** Outgoing e-mail (SMTP from the environment; `enabled` false when none is set). */
  mailer: Mailer;
  /** Encrypts archive credentials at rest; undefined when no key is configured. */
  archiveSecretBox?: SecretBox | undefined;
  /** Public base URL for links in e-mails. */
  publicUrl: string;
  /** Clock, injectable for tests. */
  now: () => Date;
}

import { randomBytes } from 'node:crypto';
import { migrate, openDatabase, type DatabaseHandle } from '@seyir/db';
import { bullPrefix, INGEST_QUEUE } from '@seyir/pipeline';
import { createDatabase, freePort, startPostgres, startRedis, waitFor, type PostgresServer, type RedisServer } from '@seyir/testkit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ApiClient } from '../../apps/gateway/src/test/api-client.js';
import { startApp, waitForHttp, type AppProcess } from '../../bench/ingest/processes.js';

/**
 * The distributed topology of a fault test, all real and all its own: a PostgreSQL and a Redis
 * that the test may stop and restart, and gateways and ingest workers as separate Node
 * processes (their entry points, as in production), which the test may SIGKILL.
 */
export interface Topology {
  postgres: PostgresServer;
  redis: RedisServer;
  /** The test's own connection, for verifying by SQL (reconnects after a PostgreSQL restart). */
  database: DatabaseHandle;
  /** The ingest queue, for inspecting jobs (only while Redis is up). */
  queue: Queue;
  /** A plain Redis connection of the test (e.g. CLIENT PAUSE). */
  redisClient: Redis;
  startGateway(env?: Record<string, string>): Promise<Gateway>;
  startWorker(env?: Record<string, string>): Promise<AppProcess>;
  close(): Promise<void>;
}

export interface Gateway {
  process: AppProcess;
  api: ApiClient;
}

export interface TestProject {
  projectId: string;
  accountId: string;
  key: string;
}

export async function startTopology(): Promise<Topology> {
  const postgres = await startPostgres();
  const redis = await startRedis();
  await createDatabase(postgres.adminUrl, 'seyir_faults');
  const databaseUrl = postgres.urlFor('seyir_faults');
  const database = await openDatabase({ databaseUrl, poolSize: 3 });
  await migrate(database);
  const prefix = `f${randomBytes(3).toString('hex')}:`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    SEYIR_REDIS_PREFIX: prefix,
    JWT_SECRET: 'faults-secret-faults-secret-faults-secret-1234',
    LOG_LEVEL: 'warn',
    SEYIR_INGEST_KEY_RPS: '10000',
  };
  const redisClient = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  redisClient.on('error', () => undefined);
  const queueConnection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  queueConnection.on('error', () => undefined);
  const queue = new Queue(INGEST_QUEUE, { connection: queueConnection, prefix: bullPrefix(prefix) });
  queue.on('error', () => undefined);
  const processes: AppProcess[] = [];

  return {
    postgres,
    redis,
    database,
    queue,
    redisClient,
    async startGateway(extra = {}) {
      const port = await freePort();
      const process = startApp('apps/gateway/src/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1', ...extra });
      processes.push(process);
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/readyz`, 90_000);
      return { process, api: new ApiClient(base) };
    },
    async startWorker(extra = {}) {
      const before = await queue.getWorkersCount();
      const process = startApp('apps/ingest-worker/src/main.ts', { ...env, ...extra });
      processes.push(process);
      await waitFor('the worker to register with the queue', async () => (await queue.getWorkersCount()) > before, 90_000, 200);
      return process;
    },
    async close() {
      // SIGTERM, then SIGKILL after 10 s (a process may wait for a server the test stopped).
      await Promise.all(processes.map((p) => p.stop()));
      await queue.close().catch(() => undefined);
      queueConnection.disconnect();
      redisClient.disconnect();
      await database.close().catch(() => undefined);
      await redis.destroy();
      await postgres.destroy();
    },
  };
}

/** A fresh account, project and API key, made through the gateway's API. */
export async function newProject(api: ApiClient): Promise<TestProject> {
  const { token, user } = await api.signUp(`f${randomBytes(4).toString('hex')}`);
  const project = await api.createProject(token, 'Arıza testi', ['production']);
  const created = await api.post(`/api/v1/projects/${project.id}/api-keys/`, { name: 'Arıza anahtarı' }, token);
  if (created.status !== 201) throw new Error(`api key: ${created.status}`);
  return { projectId: project.id, accountId: user.id, key: created.body.key as string };
}

/** Logs with messages unique to this test (`tag`), so each can be looked for once. */
export function makeLogs(tag: string, n: number): { message: string; level: string; environment: string; tags: string[] }[] {
  return Array.from({ length: n }, (_, i) => ({
    message: `${tag} sipariş ${i} işlendi`,
    level: i % 10 === 0 ? 'ERROR' : i % 4 === 0 ? 'WARNING' : 'INFO',
    environment: i % 3 === 0 ? 'staging' : 'production',
    tags: ['arıza'],
  }));
}

export interface IngestResult {
  status: number;
  /** The error's code (QUEUE_FULL, UNAVAILABLE …) when not 202. */
  code?: string;
  retryAfter: string | null;
  messages: string[];
  startedAt: number;
  endedAt: number;
}

/** Posts one batch; a refused connection or reset counts as status 0 (the client saw no answer). */
export async function postBatch(api: ApiClient, key: string, logs: { message: string }[]): Promise<IngestResult> {
  const startedAt = Date.now();
  try {
    const response = await api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: logs });
    const accepted = response.status === 202 ? (response.body as { accepted: number }).accepted : 0;
    if (response.status === 202 && accepted !== logs.length) throw new Error(`accepted ${accepted} of ${logs.length}`);
    const code = (response.body as { code?: string } | undefined)?.code;
    return { status: response.status, ...(code ? { code } : {}), retryAfter: response.headers.get('retry-after'), messages: logs.map((l) => l.message), startedAt, endedAt: Date.now() };
  } catch (error) {
    if ((error as Error).message.startsWith('accepted')) throw error;
    return { status: 0, retryAfter: null, messages: logs.map((l) => l.message), startedAt, endedAt: Date.now() };
  }
}

export async function storedCount(database: DatabaseHandle, projectId: string): Promise<number> {
  const { rows } = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [projectId]);
  return rows[0]!.n;
}

/** Waits until `expected` logs of the project are stored and no ingest job is left in Redis. */
export async function waitUntilStored(topology: Topology, projectId: string, expected: number, timeoutMs = 120_000): Promise<void> {
  await waitFor(
    `${expected} logs stored and the queue drained`,
    async () => {
      if ((await storedCount(topology.database, projectId)) < expected) return false;
      const counts = await topology.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      return Object.values(counts).every((n) => n === 0);
    },
    timeoutMs,
    200,
  );
}

export interface StoredState {
  /** Logs stored in the project. */
  total: number;
  /** Accepted messages not stored. */
  missing: string[];
  /** Messages stored more than once. */
  duplicated: string[];
  /** Stored messages that were never accepted. */
  unexpected: string[];
  /** Sum of the groups' counts. */
  groupTotal: number;
  /** Groups whose count differs from their logs. */
  groupMismatches: number;
  /** Sum of log_rollups_hourly. */
  rollupTotal: number;
  /** (hour, level, environment) cells whose rollup differs from the logs. */
  rollupMismatches: number;
  /** usage_monthly.logs of the project's account, summed over months. */
  usage: number;
}

/** Reads back, by SQL, what the pipeline stored and counted for the project. */
export async function storedState(database: DatabaseHandle, project: TestProject, accepted: Iterable<string>): Promise<StoredState> {
  const sql = database.sql;
  const { rows: perMessage } = await sql.query<{ message: string; n: number }>('SELECT message, count(*)::int AS n FROM logs WHERE project_id = $1 GROUP BY message', [project.projectId]);
  const stored = new Map(perMessage.map((r) => [r.message, r.n]));
  const acceptedSet = new Set(accepted);
  const { rows: groups } = await sql.query<{ total: number; mismatches: number }>(
    `SELECT coalesce(sum(g.count), 0)::int AS total,
            count(*) FILTER (WHERE g.count <> coalesce(l.n, 0))::int AS mismatches
       FROM log_groups g
       LEFT JOIN (SELECT group_id, count(*) AS n FROM logs WHERE project_id = $1 GROUP BY group_id) l ON l.group_id = g.id
      WHERE g.project_id = $1`,
    [project.projectId],
  );
  const { rows: rollups } = await sql.query<{ total: number; mismatches: number }>(
    `WITH r AS (SELECT hour, level, environment, count FROM log_rollups_hourly WHERE project_id = $1),
          l AS (SELECT date_trunc('hour', timestamp) AS hour, level, environment, count(*) AS count FROM logs WHERE project_id = $1 GROUP BY 1, 2, 3)
     SELECT (SELECT coalesce(sum(count), 0) FROM r)::int AS total,
            (SELECT count(*) FROM r FULL JOIN l USING (hour, level, environment) WHERE r.count IS DISTINCT FROM l.count)::int AS mismatches`,
    [project.projectId],
  );
  const { rows: usage } = await sql.query<{ logs: number }>('SELECT coalesce(sum(logs), 0)::int AS logs FROM usage_monthly WHERE account_id = $1', [project.accountId]);
  return {
    total: perMessage.reduce((sum, r) => sum + r.n, 0),
    missing: [...acceptedSet].filter((m) => !stored.has(m)),
    duplicated: perMessage.filter((r) => r.n > 1).map((r) => r.message),
    unexpected: perMessage.filter((r) => !acceptedSet.has(r.message)).map((r) => r.message),
    groupTotal: groups[0]!.total,
    groupMismatches: groups[0]!.mismatches,
    rollupTotal: rollups[0]!.total,
    rollupMismatches: rollups[0]!.mismatches,
    usage: usage[0]!.logs,
  };
}

/** What every fault test requires in the end: each accepted log stored once, every count equal to it. */
export function exactlyOnce(accepted: number): Partial<StoredState> {
  return { total: accepted, missing: [], duplicated: [], unexpected: [], groupTotal: accepted, groupMismatches: 0, rollupTotal: accepted, rollupMismatches: 0, usage: accepted };
}

import { createApiKey, createProject, createUser, migrate, openDatabase, type DatabaseHandle } from '@seyir/db';
import { createDatabase, startPostgres, startRedis, type PostgresServer, type RedisServer } from '@seyir/testkit';
import { newApiKeyRecord } from '../../apps/gateway/src/services/api-keys.js';
import { pidsMatching, processTree } from '../live/child-process-stats.js';
import { startApp, waitForHttp, type AppProcess } from './processes.js';

/** The distributed topology of a benchmark: PostgreSQL, Redis, one gateway and one worker process. */
export interface BenchTopology {
  postgres: PostgresServer;
  redis: RedisServer;
  databaseUrl: string;
  handle: DatabaseHandle;
  projectId: string;
  apiKey: string;
  /** The gateway's base URL. */
  base: string;
  gateway: AppProcess;
  worker: AppProcess;
  /** Pids of each part, for CPU accounting. */
  pids(): Record<'gateway' | 'worker' | 'postgres' | 'redis', number[]>;
  /** Logs stored for the bench project so far. */
  storedLogs(): Promise<number>;
  stopApps(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * Starts the topology as production runs it (apps as separate processes from their entry
 * points), with an account on the Professional plan, a project and an API key.
 */
export async function startBenchTopology(
  log: (message: string) => void,
  extraEnv: Record<string, string> = {},
  options: { statements?: boolean } = {},
): Promise<BenchTopology> {
  log('starting PostgreSQL and Redis');
  // --statements: pg_stat_statements loaded, to list what the database spends its time on.
  const postgres = await startPostgres(options.statements ? { settings: { shared_preload_libraries: 'pg_stat_statements' } } : {});
  const redis = await startRedis();
  await createDatabase(postgres.adminUrl, 'seyir_bench');
  const databaseUrl = postgres.urlFor('seyir_bench');
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  await migrate(handle);
  if (options.statements) await handle.sql.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const user = await createUser(handle.db, { username: 'bench', email: 'bench@example.com', firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('bench user');
  await handle.sql.query(`UPDATE users SET plan = 'professional' WHERE id = $1`, [user.user.id]);
  const project = await createProject(handle.db, { name: 'Bench', environments: ['production'], ownerId: user.user.id });
  const record = newApiKeyRecord();
  await createApiKey(handle.db, { projectId: project.id, name: 'bench', keyHash: record.keyHash, keyPrefix: record.keyPrefix, keyLast4: record.keyLast4, createdBy: user.user.id });

  const port = 18_000 + Math.floor(Math.random() * 1000);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_LEVEL: 'warn',
    SEYIR_INGEST_KEY_RPS: '100000',
    ...extraEnv,
  };
  const gateway = startApp('apps/gateway/src/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const worker = startApp('apps/ingest-worker/src/main.ts', env);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/readyz`);
  log('gateway and worker up');
  const stopApps = async () => {
    await gateway.stop();
    await worker.stop();
  };
  return {
    postgres,
    redis,
    databaseUrl,
    handle,
    projectId: project.id,
    apiKey: record.key,
    base,
    gateway,
    worker,
    pids: () => ({
      gateway: [gateway.child.pid!],
      worker: [worker.child.pid!],
      postgres: [...new Set(pidsMatching(new RegExp(`port=${postgres.port}\\b`)).flatMap(processTree))],
      redis: pidsMatching(new RegExp(`(127\\.0\\.0\\.1:|port\\x00)${new URL(redis.url).port}\\b`)),
    }),
    storedLogs: async () =>
      Number((await handle.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [project.id])).rows[0]!.n),
    stopApps,
    destroy: async () => {
      await stopApps();
      await handle.close();
      await redis.destroy();
      await postgres.destroy();
    },
  };
}

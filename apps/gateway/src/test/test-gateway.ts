import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createTestDatabase } from '@seyir/testkit';
import { loadConfig } from '../config.js';
import { startGateway, type RunningGateway } from '../server.js';
import { ApiClient } from './api-client.js';
import { pino } from 'pino';

export interface TestGateway extends RunningGateway {
  api: ApiClient;
  databaseUrl?: string;
}

/**
 * A real gateway on a free port. `postgres` (default): a fresh database copied from the run's
 * migrated template on the harness's PostgreSQL, plus its Redis (distributed mode).
 * `pglite`: embedded mode in a temp data folder (or `dataDir` to reopen one).
 */
export async function startTestGateway(
  options: { database?: 'postgres' | 'pglite'; dataDir?: string; env?: Record<string, string> } = {},
): Promise<TestGateway> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'seyir-gw-'));
  // Plan limits are off unless a test asks (SEYIR_ENFORCE_PLAN_LIMITS): most tests make several projects per user.
  const env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', SEYIR_DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEYIR_ENFORCE_PLAN_LIMITS: 'false' };
  let databaseUrl: string | undefined;
  if ((options.database ?? 'postgres') === 'postgres') {
    const { url, handle } = await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
    await handle.close();
    databaseUrl = url;
    Object.assign(env, { DATABASE_URL: url, REDIS_URL: inject('redisUrl'), JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', SEYIR_REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:` });
  }
  Object.assign(env, options.env);
  const gateway = await startGateway(loadConfig(env), pino({ level: 'silent' }));
  return {
    ...gateway,
    api: new ApiClient(gateway.url.replace('localhost', '127.0.0.1')),
    ...(databaseUrl ? { databaseUrl } : {}),
    close: async () => {
      await gateway.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

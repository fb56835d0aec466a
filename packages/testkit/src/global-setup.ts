import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '@seyir/db';
import { createDatabase, startPostgres, type PostgresServer } from './postgres-server.js';
import { startRedis, type RedisServer } from './redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test PostgreSQL server. */
    pgAdminUrl: string;
    /** Name of a migrated database to copy per test file. */
    pgTemplate: string;
    redisUrl: string;
  }
}

export const TEMPLATE_DB = 'seyir_template';

/**
 * Vitest global setup of the `int` project: starts one PostgreSQL and one Redis for the run
 * (or uses DATABASE_URL / REDIS_URL when given), migrates a template database once, and hands
 * the addresses to the tests. Each test file then gets its own database copied from it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let postgres: PostgresServer | undefined;
  let redis: RedisServer | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    postgres = await startPostgres();
    adminUrl = postgres.adminUrl;
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    redis = await startRedis();
    redisUrl = redis.url;
  }
  const template = `${TEMPLATE_DB}_${process.pid}`;
  await createDatabase(adminUrl, template);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await migrate(handle);
  await handle.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('redisUrl', redisUrl);
  return async () => {
    await redis?.destroy();
    await postgres?.destroy();
  };
}

import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '@seyir/db';
import { ensureSeedOwner, SEED_PASSWORD } from './seed-owner.js';
import { seedLogs } from './seed-logs.js';

/**
 * `npm run seed -- --logs N --projects P [--days D] [--owner NAME] [--seed S]`: writes realistic
 * logs into the database of DATABASE_URL (PostgreSQL; migrated first).
 */
const LIMITS = { logs: 100_000_000, projects: 500, days: 90 };

function positiveInt(name: keyof typeof LIMITS | 'seed', raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? fallback : Number(raw);
  const max = name === 'seed' ? 2 ** 31 : LIMITS[name];
  if (!Number.isInteger(value) || value < 1 || value > max) {
    process.stderr.write(`--${name} must be an integer from 1 to ${max}\n`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      logs: { type: 'string' },
      projects: { type: 'string' },
      days: { type: 'string' },
      owner: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    process.stderr.write('DATABASE_URL is not set: the seeder writes through COPY into PostgreSQL.\n');
    process.exit(2);
  }
  const logs = positiveInt('logs', values.logs, 100_000);
  const projects = positiveInt('projects', values.projects, 1);
  const days = positiveInt('days', values.days, 7);
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await migrate(handle);
    const owner = await ensureSeedOwner(handle, values.owner ?? 'ornek');
    if (owner.created) process.stderr.write(`created account '${values.owner ?? 'ornek'}' with password ${SEED_PASSWORD}\n`);
    const result = await seedLogs(handle, {
      logs,
      projects,
      days,
      ownerId: owner.id,
      seed: positiveInt('seed', values.seed, 1),
      onProgress: (m) => process.stderr.write(`[seed] ${m}\n`),
    });
    process.stdout.write(`${JSON.stringify({ logs: result.logs, projects: result.projectIds.length, groups: result.groups, seconds: Math.round(result.seconds * 10) / 10, logs_per_s: result.logsPerSecond, copy_s: Math.round(result.copySeconds * 10) / 10, copy_logs_per_s: result.copyLogsPerSecond, index_s: Math.round(result.indexSeconds * 10) / 10 })}\n`);
  } finally {
    await handle.close();
  }
}

await main();

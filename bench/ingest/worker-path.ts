/**
 * `npx tsx bench/ingest/worker-path.ts [--jobs N] [--size S] [--concurrency C] [--drop index,…]
 * [--sql '…'] [--python]`: the worker's
 * half of ingest alone — processBatch on prepared 1,000-log jobs against a throw-away
 * PostgreSQL — with the CPU it costs per log in Node and in PostgreSQL, and which statements
 * take the database's time (pg_stat_statements). A tool for finding where ingest spends, not a
 * figure of the issue (that is `bench:ingest`).
 */
import { normalizeIngestLog, type IngestJob, type JobLog } from '@seyir/domain';
import { createProject, createUser, migrate, openDatabase } from '@seyir/db';
import { logIdFor, processBatch, TemplateStore } from '@seyir/pipeline';
import { createDatabase, startPostgres } from '@seyir/testkit';
import { cpuSecondsOfAll, pidsMatching, processTree } from '../live/child-process-stats.js';
import { makeBatch, makePythonBatch } from './sample-logs.js';
import { benchArgs, flagArg, numberArg } from '../lib/args.js';
import { dropIndexesFromArgs } from '../lib/drop-indexes.js';

const JOBS = numberArg('jobs', 60);
const SIZE = numberArg('size', 1000);
const CONCURRENCY = numberArg('concurrency', 2);
// --python: logs shaped as the Python client's handler sends them, instead of bench:ingest's.
const SAMPLE = flagArg('python') ? makePythonBatch : makeBatch;

function makeJob(projectId: string, seed: number): IngestJob {
  const now = Date.now();
  const logs: JobLog[] = SAMPLE(seed, SIZE).map((item) => {
    const result = normalizeIngestLog(item, { nowMs: now });
    if (!result.ok) throw new Error(result.detail);
    return { id: logIdFor(result.log.timestampMs), ...result.log };
  });
  return { batchId: `b${seed}`, projectId, receivedAtMs: now, logs };
}

async function main(): Promise<void> {
  const postgres = await startPostgres({ settings: { shared_preload_libraries: 'pg_stat_statements' } });
  await createDatabase(postgres.adminUrl, 'seyir_bench');
  const handle = await openDatabase({ databaseUrl: postgres.urlFor('seyir_bench'), poolSize: CONCURRENCY + 2 });
  await migrate(handle);
  await handle.sql.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await dropIndexesFromArgs(handle.sql);
  const user = await createUser(handle.db, { username: 'bench', email: 'bench@example.com', firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('bench user');
  await handle.sql.query(`UPDATE users SET plan = 'professional' WHERE id = $1`, [user.user.id]);
  const project = await createProject(handle.db, { name: 'Bench', environments: ['production'], ownerId: user.user.id });
  const deps = { database: handle, templates: new TemplateStore(handle.sql), planPreset: 'pricing' as const };

  for (let i = 0; i < 5; i++) await processBatch(deps, makeJob(project.id, 10_000 + i));
  // --sql '...': a change to try (after the warm-up, so today's partition exists).
  const sqlArg = benchArgs.indexOf('--sql');
  if (sqlArg >= 0) await handle.sql.query(benchArgs[sqlArg + 1]!);
  const jobs = Array.from({ length: JOBS }, (_, i) => makeJob(project.id, i));
  await handle.sql.query('SELECT pg_stat_statements_reset()');
  const pgPids = [...new Set(pidsMatching(new RegExp(`port=${postgres.port}\\b`)).flatMap(processTree))];
  const pgBefore = cpuSecondsOfAll(pgPids);
  const walAt = async () => (await handle.sql.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
  const walBefore = await walAt();
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) await processBatch(deps, jobs[next++]!);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const nodeCpu = process.cpuUsage(nodeBefore);
  const pgCpu = cpuSecondsOfAll(pgPids) - pgBefore;
  const logs = JOBS * SIZE;
  const wal = Number((await handle.sql.query<{ n: string }>('SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) AS n', [await walAt(), walBefore])).rows[0]!.n);
  const { rows } = await handle.sql.query<{ query: string; calls: number; ms: number }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query, calls, round(total_exec_time)::int AS ms
     FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 12`,
  );
  const result = {
    logs,
    logs_per_s: Math.round(logs / seconds),
    node_cpu_us_per_log: Math.round((nodeCpu.user + nodeCpu.system) / logs),
    pg_cpu_us_per_log: Math.round((pgCpu * 1e6) / logs),
    wal_bytes_per_log: Math.round(wal / logs),
    statements: rows.map((r) => ({ ms_per_job: Math.round((r.ms / JOBS) * 10) / 10, calls: r.calls, query: r.query })),
  };
  process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
  await handle.close();
  await postgres.destroy();
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

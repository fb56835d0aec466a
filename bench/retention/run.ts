/**
 * `npm run bench:retention -- --json [--logs N]`: what retention costs. Seeds the same N logs
 * (default 200,000, one project over 40 days, packages/seed) into three databases of one
 * throw-away PostgreSQL, owner on the standard plan (30 days), and deletes the 10 oldest days:
 * - `partition_drop`: runRetention when 30 days is the longest plan in use (whole partitions go);
 * - `row_delete`: runRetention when another account is on professional (90 days), so the same
 *   days go row by row in chunks, groups and rollups counted down in each chunk;
 * - `baseline`: one plain `DELETE … WHERE timestamp < cutoff` with no projections kept (the
 *   physical floor of deleting those rows on this machine, this run).
 * Prints `{"logs", "deleted", "partition_drop": {"seconds", "logs_per_s"}, "row_delete": {…},
 * "baseline": {…}, "row_delete_to_baseline", "consistent"}`.
 */
import { parseArgs } from 'node:util';
import { createDatabase, startPostgres } from '@seyir/testkit';
import { createProject, createUser, migrate, openDatabase, type DatabaseHandle } from '@seyir/db';
import { retentionCutoff } from '@seyir/domain';
import { runRetention } from '@seyir/pipeline';
import { seedLogs } from '@seyir/seed';

const { values } = parseArgs({ options: { json: { type: 'boolean' }, logs: { type: 'string' } } });
const LOGS = Number(values.logs ?? 200_000);
const DAYS = 40;
const log = (m: string) => process.stderr.write(`[bench:retention] ${m}\n`);
const now = new Date();
const cutoff = retentionCutoff(now, 30);

async function owner(handle: DatabaseHandle, name: string, plan: string): Promise<string> {
  const user = await createUser(handle.db, { username: name, email: `${name}@bench.local`, firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('user');
  await handle.sql.query('UPDATE users SET plan = $2 WHERE id = $1', [user.user.id, plan]);
  return user.user.id;
}

async function seeded(adminUrl: string, urlFor: (db: string) => string, name: string): Promise<{ handle: DatabaseHandle; projectId: string }> {
  await createDatabase(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: urlFor(name), poolSize: 4 });
  await migrate(handle);
  const ownerId = await owner(handle, 'olcum', 'standard');
  const result = await seedLogs(handle, { logs: LOGS, projects: 1, days: DAYS, ownerId, now, seed: 1 });
  log(`${name}: seeded ${result.logs} logs in ${result.seconds.toFixed(1)} s`);
  await handle.sql.exec('VACUUM ANALYZE');
  return { handle, projectId: result.projectIds[0]! };
}

async function countOld(handle: DatabaseHandle): Promise<number> {
  const { rows } = await handle.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE timestamp < $1`, [cutoff]);
  return rows[0]!.n;
}

async function consistent(handle: DatabaseHandle, projectId: string): Promise<boolean> {
  const { rows } = await handle.sql.query<{ logs: number; groups: number; rollups: number }>(
    `SELECT (SELECT count(*) FROM logs WHERE project_id = $1)::int AS logs,
            (SELECT coalesce(sum(count), 0) FROM log_groups WHERE project_id = $1)::int AS groups,
            (SELECT coalesce(sum(count), 0) FROM log_rollups_hourly WHERE project_id = $1)::int AS rollups`,
    [projectId],
  );
  const r = rows[0]!;
  return r.logs === r.groups && r.logs === r.rollups;
}

async function timed(what: string, fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  const seconds = (performance.now() - t0) / 1000;
  log(`${what}: ${seconds.toFixed(2)} s`);
  return seconds;
}

async function main(): Promise<void> {
  log('starting PostgreSQL');
  const postgres = await startPostgres();
  const handles: DatabaseHandle[] = [];
  try {
    const seed = (name: string) => seeded(postgres.adminUrl, (db) => postgres.urlFor(db), name).then((s) => (handles.push(s.handle), s));
    const a = await seed('ret_partition');
    const b = await seed('ret_rows');
    const c = await seed('ret_baseline');
    const deleted = await countOld(a.handle);
    // Someone on the professional plan keeps the partitions: the standard project's days go row by row.
    await createProject(b.handle.db, { name: 'Profesyonel', environments: ['production'], ownerId: await owner(b.handle, 'uzun', 'professional') });

    const drop = await timed('partition drop', () => runRetention({ database: a.handle, planPreset: 'pricing' }, now));
    const rows = await timed('row delete', () => runRetention({ database: b.handle, planPreset: 'pricing' }, now));
    const base = await timed('plain DELETE', () => c.handle.sql.query(`DELETE FROM logs WHERE timestamp < $1`, [cutoff]));
    const ok = (await countOld(a.handle)) === 0 && (await countOld(b.handle)) === 0 && (await consistent(a.handle, a.projectId)) && (await consistent(b.handle, b.projectId));
    const rate = (s: number) => ({ seconds: Math.round(s * 100) / 100, logs_per_s: Math.round(deleted / s) });
    const output = {
      logs: LOGS,
      deleted,
      partition_drop: rate(drop),
      row_delete: { ...rate(rows), chunk: 5000 },
      baseline: rate(base),
      row_delete_to_baseline: Math.round((rows / base) * 100) / 100,
      consistent: ok,
    };
    process.stdout.write(values.json ? `${JSON.stringify(output)}\n` : `${JSON.stringify(output, null, 2)}\n`);
  } finally {
    for (const h of handles) await h.close().catch(() => undefined);
    await postgres.destroy();
  }
}

await main();

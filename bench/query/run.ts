/**
 * `npm run bench:query -- --json [--logs N]`: read-side latency at scale. Starts a throw-away
 * PostgreSQL and Redis, migrates, seeds N logs (default 10,000,000) into one project over 30
 * days plus N/10 over 20 other projects of the same account (packages/seed, COPY), starts the
 * gateway as a process and calls each endpoint from 4 concurrent clients. Prints
 * `{"logs": N, "endpoints": {"<name>": {"p50_ms", "p95_ms"}}, "baseline": {...}, "seed": {...}}`;
 * the baseline is GET /healthz under the same load (the HTTP floor of this machine, this run).
 *
 * Iterating: `--database-url postgres://…/db` uses that database instead of a throw-away server:
 * seeded (and migrated) the first time, reused as it is when it already holds the bench's account
 * (`seed` is then null), so a 10M database is seeded once. `--only a,b` measures those endpoints.
 */
import { parseArgs } from 'node:util';
import { createDatabase, startPostgres, startRedis } from '@seyir/testkit';
import { migrate, openDatabase, type DatabaseHandle } from '@seyir/db';
import { seedLogs } from '@seyir/seed';
import { ApiClient } from '../../apps/gateway/src/test/api-client.js';
import { percentile, startApp, waitForHttp } from '../ingest/processes.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean' },
    logs: { type: 'string' },
    requests: { type: 'string' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
  },
});
const MAIN_LOGS = Number(values.logs ?? 10_000_000);
const OTHER_LOGS = Math.round(MAIN_LOGS / 10);
const CLIENTS = 4;
const REQUESTS = Number(values.requests ?? 100);
const DAY = 86_400_000;
const log = (m: string) => process.stderr.write(`[bench:query] ${m}\n`);

/** Calls `paths` (rotating) REQUESTS times from CLIENTS concurrent clients; answers p50/p95 in ms. */
async function measure(base: string, token: string, paths: string[]): Promise<{ p50_ms: number; p95_ms: number }> {
  const call = async (path: string) => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return performance.now() - t0;
  };
  for (const path of paths.slice(0, 3)) await call(path); // warm-up: plans cached, pages read
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < REQUESTS) times.push(await call(paths[next++ % paths.length]!));
    }),
  );
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)) };
}

interface Seeded {
  projectId: string;
  now: Date;
  seed: { logs: number; seconds: number; logs_per_s: number; copy_s: number; copy_logs_per_s: number; index_s: number } | null;
}

/** Seeds the bench's data for `userId`, or finds it when an earlier run left it in the database. */
async function seedOrReuse(handle: DatabaseHandle, userId: string | undefined): Promise<Seeded> {
  const { rows } = await handle.sql.query<{ id: string; newest: Date }>(
    `SELECT p.id, (SELECT max(r.hour) FROM log_rollups_hourly r WHERE r.project_id = p.id) AS newest
     FROM projects p JOIN users u ON u.id = p.owner_id WHERE u.username = 'olcum' AND p.name = 'Ana proje 1'`,
  );
  if (rows[0]) {
    log(`reusing the seeded project ${rows[0].id}`);
    return { projectId: rows[0].id, now: new Date(rows[0].newest.getTime() + 3_600_000), seed: null };
  }
  if (!userId) throw new Error('no bench account to seed for');
  await handle.sql.query(`UPDATE users SET plan = 'professional' WHERE id = $1`, [userId]);
  const now = new Date();
  log(`seeding ${MAIN_LOGS} logs into one project and ${OTHER_LOGS} into 20 more`);
  const main = await seedLogs(handle, { logs: MAIN_LOGS, projects: 1, days: 30, ownerId: userId, projectName: 'Ana proje', now, onProgress: log });
  const others = await seedLogs(handle, { logs: OTHER_LOGS, projects: 20, days: 30, ownerId: userId, projectName: 'Yan proje', seed: 2, now, onProgress: log });
  const logs = main.logs + others.logs;
  const seconds = main.seconds + others.seconds;
  const copySeconds = main.copySeconds + others.copySeconds;
  log(`seeded ${logs} logs in ${seconds.toFixed(0)} s (COPY ${copySeconds.toFixed(0)} s); vacuum analyze`);
  await handle.sql.exec('VACUUM ANALYZE');
  const seed = {
    logs,
    seconds: Math.round(seconds),
    logs_per_s: Math.round(logs / seconds),
    copy_s: Math.round(copySeconds),
    copy_logs_per_s: Math.round(logs / copySeconds),
    index_s: Math.round(main.indexSeconds + others.indexSeconds),
  };
  return { projectId: main.projectIds[0]!, now, seed };
}

async function main(): Promise<void> {
  log('starting PostgreSQL and Redis');
  const postgres = values['database-url'] ? undefined : await startPostgres();
  const redis = await startRedis();
  const gatewayHolder: { stop?: () => Promise<void> } = {};
  try {
    let databaseUrl = values['database-url'];
    if (!databaseUrl) {
      await createDatabase(postgres!.adminUrl, 'seyir_query');
      databaseUrl = postgres!.urlFor('seyir_query');
    }
    const handle = await openDatabase({ databaseUrl, poolSize: 4 });
    await migrate(handle);

    const port = 18_000 + Math.floor(Math.random() * 1000);
    const gateway = startApp('apps/gateway/src/main.ts', {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    gatewayHolder.stop = () => gateway.stop();
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/readyz`);
    const api = new ApiClient(base);
    const existing = await handle.sql.query(`SELECT 1 FROM users WHERE username = 'olcum'`);
    const signedUp = existing.rows.length ? undefined : await api.signUp('olcum');
    const token = signedUp?.token ?? (await api.login('olcum', 'parola1234'));
    const seeded = await seedOrReuse(handle, signedUp?.user.id);
    const now = seeded.now;

    const projectId = seeded.projectId;
    const p = `/api/v1/projects/${projectId}`;
    const { rows: ids } = await handle.sql.query<{ id: string }>(
      `SELECT id FROM logs WHERE project_id = $1 AND timestamp > now() - interval '20 days' AND timestamp < now() - interval '19 days' LIMIT 20`,
      [projectId],
    );
    const { rows: groups } = await handle.sql.query<{ id: string }>(`SELECT id FROM log_groups WHERE project_id = $1 ORDER BY count DESC LIMIT 5`, [projectId]);
    const iso = (ms: number) => new Date(ms).toISOString();
    const t = now.getTime();

    const endpoints: Record<string, string[]> = {
      logs_first_page: [`${p}/logs/`],
      logs_level_filter: [`${p}/logs/?level=ERROR`, `${p}/logs/?level=WARNING`, `${p}/logs/?level=CRITICAL`],
      logs_env_and_time_filter: [1, 5, 12, 25].map((d) => `${p}/logs/?environment=staging&start_time=${iso(t - (d + 1) * DAY)}&end_time=${iso(t - d * DAY)}`),
      logs_deep_page: [`${p}/logs/?skip=10000&limit=50`],
      logs_search: ['zeytinyağı', 'İSTANBUL', '"bağlantı havuzu"', 'timeout -celery', 'sipariş ankara'].map((s) => `${p}/logs/?search=${encodeURIComponent(s)}`),
      log_detail: ids.map((r) => `${p}/logs/${r.id}`),
      logs_stats_summary: [`${p}/logs/stats/summary`, `${p}/logs/stats/summary?environment=production&start_time=${iso(t - 7 * DAY - 1234567)}`],
      // The search language (q): a custom JSON field (GIN jsonb_path_ops on context/metadata), a tag
      // (GIN on tags), and level + env + custom field + text over the last 24 hours.
      logs_custom_field: ['u42', 'u1234', 'u777', 'u4999'].map((u) => `${p}/logs/?q=${encodeURIComponent(`context.user.id:${u}`)}`).concat(`${p}/logs/?q=${encodeURIComponent('metadata.funcName:handle_stock')}`),
      logs_tag_filter: ['tags:kargo', 'tags:odeme', 'tags:slow', 'tags:altyapi -level:debug'].map((q) => `${p}/logs/?q=${encodeURIComponent(q)}`),
      logs_combined: [
        'level:>=warning env:production tags:db bağlantı since:24h',
        'level:error env:staging metadata.funcName:handle_payments ödeme since:24h',
        'level:>=error env:production context.user.id:u42 since:24h',
        '(level:critical OR response.status_code:>=500) env:production timeout since:24h',
      ].map((q) => `${p}/logs/?q=${encodeURIComponent(q)}`),
      groups_list: [`${p}/groups?days=30`, `${p}/groups?days=7&sort_by=count`, `${p}/groups?days=30&environment=staging&status=unresolved`],
      groups_summary: [`${p}/groups/summary?days=30`, `${p}/groups/summary?days=7&environment=production`],
      group_logs: groups.map((g) => `${p}/groups/${g.id}/logs`),
      dashboard_stats: ['/api/v1/dashboard/stats'],
      dashboard_activity: ['/api/v1/dashboard/logs/activity?days=7'],
      dashboard_distribution: ['/api/v1/dashboard/logs/distribution'],
      dashboard_recent: ['/api/v1/dashboard/logs/recent?limit=10'],
    };
    const result: Record<string, { p50_ms: number; p95_ms: number }> = {};
    const baseline = await measure(base, token, ['/healthz']);
    const only = values.only?.split(',');
    for (const [name, paths] of Object.entries(endpoints)) {
      if (only && !only.includes(name)) continue;
      result[name] = await measure(base, token, paths);
      log(`${name}: ${JSON.stringify(result[name])}`);
    }
    await handle.close();
    const output = {
      logs: MAIN_LOGS + OTHER_LOGS,
      main_project_logs: MAIN_LOGS,
      endpoints: result,
      baseline: { healthz: baseline },
      seed: seeded.seed,
      clients: CLIENTS,
      requests_per_endpoint: REQUESTS,
    };
    process.stdout.write(values.json ? `${JSON.stringify(output)}\n` : `${JSON.stringify(output, null, 2)}\n`);
  } finally {
    await gatewayHolder.stop?.();
    await redis.destroy();
    await postgres?.destroy();
  }
}

await main();

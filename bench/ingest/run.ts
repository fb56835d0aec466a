/**
 * `npm run bench:ingest -- --json`: the distributed topology on this machine — PostgreSQL and
 * Redis from the test harness, one gateway and one worker as separate processes — driven by
 * concurrent clients posting 100-log batches. Prints one JSON object (see issue 3).
 * `--statements`: PostgreSQL's top statements; `--drop a,b`: without these indexes (analysis);
 * `--phase2-rate N`: phase 2 at N logs/s (to compare two settings' latency at the same load).
 */
import { measureCopy, type CopySample } from './copy-baseline.js';
import { percentile } from './processes.js';
import { startBenchTopology, type BenchTopology } from './topology.js';
import { createIngestPoster } from './http-client.js';
import { makeBatch } from './sample-logs.js';
import { cpuMeter } from '../live/child-process-stats.js';
import { flagArg, numberArg } from '../lib/args.js';
import { dropIndexesFromArgs } from '../lib/drop-indexes.js';
import { redisTraffic } from '../lib/redis-traffic.js';

const SECONDS = numberArg('seconds', 30);
const CLIENTS = numberArg('clients', 8);
const BATCH = numberArg('batch', 100);
const STATEMENTS = flagArg('statements');
const PHASE2_RATE = numberArg('phase2-rate', 0);
const log = (message: string) => process.stderr.write(`[bench:ingest] ${message}\n`);

async function main(): Promise<void> {
  const topology = await startBenchTopology(
    log,
    // Ingest settings to try, passed through from the bench's environment.
    Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('SEYIR_INGEST_') && e[1] !== undefined)),
    { statements: STATEMENTS },
  );
  const { handle, base, gateway, worker, databaseUrl } = topology;
  await dropIndexesFromArgs(handle.sql, log);
  const projectId = topology.projectId;

  const bodies = Array.from({ length: 50 }, (_, i) => Buffer.from(JSON.stringify(makeBatch(i, BATCH))));
  const post = createIngestPoster(base, topology.apiKey);
  const count = topology.storedLogs;

  // Warm-up: templates learned, JIT warm, pools filled.
  for (let i = 0; i < 20; i++) await post('/api/ingest/batch', bodies[i % bodies.length]!);
  while ((await count()) < 20 * BATCH) await new Promise((r) => setTimeout(r, 50));

  // Phase 1: saturation with CLIENTS closed-loop clients honouring Retry-After.
  let accepted = 0;
  let throttled = 0;
  const httpMs: number[] = [];
  const visibleMs: number[] = [];
  let running = true;
  const startCount = await count();
  const walAt = async () => (await handle.sql.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
  const walStart = await walAt();
  // CPU per stored log of each part, from /proc: what to make cheaper, whatever else the box runs.
  const parts = { ...topology.pids(), bench_client: [process.pid] };
  if (STATEMENTS) await handle.sql.query('SELECT pg_stat_statements_reset()');
  const cpu = cpuMeter(parts);
  const traffic = await redisTraffic(topology.redis.url);
  const started = performance.now();
  const client = async (id: number) => {
    let n = id;
    while (running) {
      const t0 = performance.now();
      const answer = await post('/api/ingest/batch', bodies[n++ % bodies.length]!);
      httpMs.push(performance.now() - t0);
      if (answer.status === 202) accepted += answer.accepted;
      else {
        throttled++;
        await new Promise((r) => setTimeout(r, answer.retryAfterSeconds * 1000));
      }
    }
  };
  // A marker log every 250 ms: time from its 202 until a query finds it in PostgreSQL.
  const markers = async () => {
    let n = 0;
    while (running) {
      const at = new Date(Date.now() - 1).toISOString();
      const message = `bench-marker-${n++}`;
      const answer = await post('/api/ingest', Buffer.from(JSON.stringify({ message, timestamp: at })));
      const acked = performance.now();
      if (answer.status === 202) {
        accepted += 1;
        void (async () => {
          const deadline = acked + 60_000;
          while (performance.now() < deadline) {
            const { rows } = await handle.sql.query('SELECT 1 FROM logs WHERE project_id = $1 AND timestamp = $2 AND message = $3', [projectId, at, message]);
            if (rows.length > 0) {
              visibleMs.push(performance.now() - acked);
              return;
            }
            await new Promise((r) => setTimeout(r, 10));
          }
          visibleMs.push(60_000);
        })();
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const loops = [...Array.from({ length: CLIENTS }, (_, i) => client(i)), markers()];
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  running = false;
  await Promise.all(loops);
  const acceptedPhase1 = accepted;
  const deadline = performance.now() + 120_000;
  let stored = await count();
  while (stored - startCount < acceptedPhase1 && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    stored = await count();
  }
  const drained = performance.now();
  const storedPhase1 = stored - startCount;
  const walBytes = Number((await handle.sql.query<{ n: string }>('SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) AS n', [await walAt(), walStart])).rows[0]!.n);
  log(`WAL written in phase 1: ${Math.round(walBytes / 1e6)} MB, ${Math.round(walBytes / Math.max(1, storedPhase1))} bytes per log`);
  const cpuUsPerLog = cpu.perLog(storedPhase1);
  log(`Redis in phase 1, per 1,000 stored logs: ${await traffic.perThousand(storedPhase1)}`);
  const logsPerS = Math.round(storedPhase1 / ((drained - started) / 1000));
  if (STATEMENTS) await logStatements(handle, log);
  log(`saturation: ${storedPhase1} logs in ${((drained - started) / 1000).toFixed(1)} s (${throttled} throttled answers)`);

  // Phase 2: open-loop load at 80 % of what was sustained; HTTP latency under normal load.
  const targetBatchesPerS = (PHASE2_RATE > 0 ? PHASE2_RATE : 0.8 * logsPerS) / BATCH;
  const phase2Ms: number[] = [];
  // Where each answer's time went: the gateway's stages (Server-Timing) and the rest (`outside`:
  // the network, waiting to be read by the gateway, the bench client's own event loop).
  const phase2Stages: Record<string, number>[] = [];
  let phase2Accepted = 0;
  const phase2Seconds = Math.min(15, SECONDS);
  // Where the slow answers of phase 2 fall: a steady tail, or a few bad seconds (a stall, held requests).
  const phase2BySecond: number[][] = Array.from({ length: phase2Seconds }, () => []);
  const inflight = new Set<Promise<void>>();
  const p2start = performance.now();
  for (let i = 0; performance.now() - p2start < phase2Seconds * 1000; i++) {
    const due = p2start + (i / targetBatchesPerS) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inflight.size >= 64) await Promise.race(inflight);
    const p = (async () => {
      const t0 = performance.now();
      const answer = await post('/api/ingest/batch', bodies[i % bodies.length]!);
      const ms = performance.now() - t0;
      phase2Ms.push(ms);
      if (answer.stages.length > 0) {
        const stages = Object.fromEntries(answer.stages);
        phase2Stages.push({ ...stages, outside: ms - answer.stages.reduce((sum, [, d]) => sum + d, 0), total: ms });
      }
      phase2BySecond[Math.floor((t0 - p2start) / 1000)]?.push(performance.now() - t0);
      if (answer.status === 202) phase2Accepted += answer.accepted;
    })();
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }
  await Promise.all(inflight);
  const expectedTotal = acceptedPhase1 + phase2Accepted;
  const end = performance.now() + 120_000;
  while ((await count()) - startCount < expectedTotal && performance.now() < end) await new Promise((r) => setTimeout(r, 100));
  const lost = expectedTotal - ((await count()) - startCount);
  const stageP99 = logStages(phase2Stages, log);
  log(`phase 2 p99 per second (ms): ${phase2BySecond.map((ms) => Math.round(percentile(ms, 99))).join(' ')}`);
  await logMaintenance(handle, started, p2start, log);
  log(`phase 2: ${phase2Accepted} accepted at ${Math.round(targetBatchesPerS * BATCH)} logs/s target; lost ${lost}`);

  log('stopping gateway and worker');
  const gatewayRss = gateway.peakRssMb();
  const workerRss = worker.peakRssMb();
  await topology.stopApps();

  log('measuring the COPY baseline');
  const copyRowsPerS = await measureCopy(databaseUrl, 200_000, bodies.slice(0, 10).flatMap((b) => JSON.parse(b.toString()) as CopySample[]));

  const result = {
    logs_per_s: logsPerS,
    http_p50_ms: Math.round(percentile(phase2Ms, 50) * 10) / 10,
    http_p99_ms: Math.round(percentile(phase2Ms, 99) * 10) / 10,
    http_p95_ms: Math.round(percentile(phase2Ms, 95) * 10) / 10,
    http_max_ms: Math.round(Math.max(...phase2Ms)),
    http_p99_ms_saturated: Math.round(percentile(httpMs, 99) * 10) / 10,
    visible_p99_ms: Math.round(percentile(visibleMs, 99)),
    visible_p50_ms: Math.round(percentile(visibleMs, 50)),
    gateway_rss_mb: gatewayRss,
    worker_rss_mb: workerRss,
    copy_rows_per_s: copyRowsPerS,
    ratio_to_copy: Math.round((logsPerS / copyRowsPerS) * 1000) / 1000,
    lost,
    cpu_us_per_log: cpuUsPerLog,
    throttled_answers: throttled,
    phase2_target_logs_per_s: Math.round(targetBatchesPerS * BATCH),
    phase2_stage_p99_ms: stageP99,
    clients: CLIENTS,
    batch: BATCH,
    seconds: SECONDS,
  };
  await topology.destroy();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/**
 * Phase 2's answers by stage: p50/p90/p99 of each, and what the slowest 1 % spent in each on
 * average (a tail made by one stage, or by all of them at once). Answers each stage's p99.
 */
function logStages(answers: Record<string, number>[], log: (message: string) => void): Record<string, number> {
  const names = Object.keys(answers[0] ?? {}).filter((name) => name !== 'total');
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const p99: Record<string, number> = {};
  for (const name of names) {
    const ms = answers.map((a) => a[name] ?? 0);
    p99[name] = round(percentile(ms, 99));
    log(`stage ${name}: p50 ${round(percentile(ms, 50))} p90 ${round(percentile(ms, 90))} p99 ${p99[name]} ms`);
  }
  const cut = percentile(answers.map((a) => a.total!), 99);
  const slowest = answers.filter((a) => a.total! >= cut);
  const mean = (name: string) => round(slowest.reduce((sum, a) => sum + (a[name] ?? 0), 0) / Math.max(1, slowest.length));
  log(`slowest 1 % (${slowest.length} answers, ≥ ${round(cut)} ms), mean ms per stage: ${names.map((n) => `${n} ${mean(n)}`).join(', ')}`);
  return p99;
}

/**
 * PostgreSQL's own work during the run that can stall ingest: autovacuum and autoanalyze of the
 * log partitions (the last of each, in seconds from the start of phase 1; phase 2's start for
 * reference) and checkpoints.
 */
async function logMaintenance(handle: BenchTopology['handle'], phase1Start: number, phase2Start: number, log: (message: string) => void): Promise<void> {
  const startedAt = Date.now() - (performance.now() - phase1Start);
  const { rows } = await handle.sql.query<{ relname: string; vacuums: string; analyzes: string; last_vacuum: Date | null; last_analyze: Date | null }>(
    `SELECT relname, autovacuum_count AS vacuums, autoanalyze_count AS analyzes, last_autovacuum AS last_vacuum, last_autoanalyze AS last_analyze
     FROM pg_stat_all_tables WHERE relname LIKE 'logs%' AND (autovacuum_count > 0 OR autoanalyze_count > 0)`,
  );
  const at = (d: Date | null) => (d ? `+${((d.getTime() - startedAt) / 1000).toFixed(1)} s` : '-');
  const { rows: cp } = await handle.sql.query<{ timed: string; requested: string }>(`SELECT checkpoints_timed AS timed, checkpoints_req AS requested FROM pg_stat_bgwriter`);
  log(`maintenance (phase 2 began at +${((phase2Start - phase1Start) / 1000).toFixed(1)} s): checkpoints ${cp[0]?.timed} timed, ${cp[0]?.requested} requested`);
  for (const r of rows) log(`  ${r.relname}: ${r.vacuums} autovacuum (last ${at(r.last_vacuum)}), ${r.analyzes} autoanalyze (last ${at(r.last_analyze)})`);
}

/** The statements that took the database's time in phase 1 (--statements). */
async function logStatements(handle: BenchTopology['handle'], log: (message: string) => void): Promise<void> {
  const { rows } = await handle.sql.query<{ query: string; calls: string; ms: number; mean_ms: number; max_ms: number }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query, calls, round(total_exec_time)::int AS ms, round(mean_exec_time::numeric, 2)::float AS mean_ms,
            round(max_exec_time::numeric, 1)::float AS max_ms
     FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 15`,
  );
  for (const r of rows) log(`  ${String(r.ms).padStart(7)} ms  ${String(r.calls).padStart(7)} calls  ${String(r.mean_ms).padStart(7)} ms/call  max ${String(r.max_ms).padStart(7)} ms  ${r.query}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:ingest failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});

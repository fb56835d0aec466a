/**
 * `npm run bench:live -- --json`: 1,000 Socket.IO clients over 10 projects, connected to one
 * gateway process, while 2,000 logs/s are ingested for 30 s through that gateway and processed by
 * one worker process (distributed mode, PostgreSQL and Redis from the test harness). Latency is
 * from the ingest response to a client's receipt of the log. Prints one JSON object (issue 6).
 * Flags: --clients, --projects, --rate (logs/s), --seconds, --tick-ms (one batch per project per tick).
 */
import { createApiKey, createProject, createUser, migrate, openDatabase } from '@seyir/db';
import type { ClientToServerEvents, LiveBatch, ServerToClientEvents } from '@seyir/domain';
import { createDatabase, startPostgres, startRedis } from '@seyir/testkit';
import { io, type Socket } from 'socket.io-client';
import { createTokenService } from '../../apps/gateway/src/auth/tokens.js';
import { newApiKeyRecord } from '../../apps/gateway/src/services/api-keys.js';
import { cpuSecondsOf, percentile, rssMbOf } from './child-process-stats.js';
import { numberArg } from '../lib/args.js';
import { startApp, waitForHttp } from '../ingest/processes.js';

const CLIENTS = numberArg('clients', 1000);
const PROJECTS = numberArg('projects', 10);
const RATE = numberArg('rate', 2000);
const SECONDS = numberArg('seconds', 30);
const TICK_MS = numberArg('tick-ms', 250);
const SECRET = 'bench-live-secret-bench-live-secret-123456';
const say = (message: string) => process.stderr.write(`[bench:live] ${message}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  say('starting PostgreSQL and Redis');
  const postgres = await startPostgres();
  const redis = await startRedis();
  await createDatabase(postgres.adminUrl, 'seyir_bench_live');
  const databaseUrl = postgres.urlFor('seyir_bench_live');
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  await migrate(handle);
  const created = await createUser(handle.db, { username: 'canli', email: 'canli@example.com', firstName: '', lastName: '', passwordHash: 'x' });
  if (!created.ok) throw new Error('bench user');
  const user = created.user;
  await handle.sql.query(`UPDATE users SET plan = 'professional' WHERE id = $1`, [user.id]);
  const projects: { id: string; key: string }[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    const project = await createProject(handle.db, { name: `Canlı ${p}`, environments: ['production'], ownerId: user.id });
    const record = newApiKeyRecord();
    await createApiKey(handle.db, { projectId: project.id, name: 'bench', keyHash: record.keyHash, keyPrefix: record.keyPrefix, keyLast4: record.keyLast4, createdBy: user.id });
    projects.push({ id: project.id, key: record.key });
  }
  const token = createTokenService(SECRET).issue({ sub: user.id, ver: user.tokenVersion }, false).token;

  const port = 19_000 + Math.floor(Math.random() * 1000);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, JWT_SECRET: SECRET, LOG_LEVEL: 'warn', SEYIR_INGEST_KEY_RPS: '100000' };
  const gateway = startApp('apps/gateway/src/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const worker = startApp('apps/ingest-worker/src/main.ts', { ...env, SEYIR_WORKER_CONCURRENCY: '8' });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/readyz`);
  await sleep(1000); // the worker's first poll

  // Planned sequence numbers: message `lb <seq>`; seq → project is seq % PROJECTS.
  const planned = Math.ceil((RATE * SECONDS) / PROJECTS) * PROJECTS + PROJECTS * 10;
  const respondedAt = new Float64Array(planned).fill(Number.NaN);
  const receipts = { seq: new Int32Array(CLIENTS * Math.ceil(planned / PROJECTS) + 1024), at: new Float64Array(CLIENTS * Math.ceil(planned / PROJECTS) + 1024), n: 0 };
  const seen = Array.from({ length: CLIENTS }, () => new Uint8Array(planned));
  let duplicates = 0;
  let skippedInFrames = 0;
  let reloads = 0;

  say(`connecting ${CLIENTS} clients`);
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  for (let c = 0; c < CLIENTS; c += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, CLIENTS - c) }, async (_, k) => {
        const index = c + k;
        const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(base, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token, batch: true } });
        socket.on('live:batch', (frame: LiveBatch) => {
          const at = performance.now();
          skippedInFrames += frame.skipped;
          const mine = seen[index]!;
          for (const log of frame.logs) {
            const seq = Number(log.message.slice(3));
            if (mine[seq]) {
              duplicates++;
              continue;
            }
            mine[seq] = 1;
            receipts.seq[receipts.n] = seq;
            receipts.at[receipts.n++] = at;
          }
        });
        socket.on('reload', () => reloads++);
        await new Promise<void>((ok, fail) => {
          socket.once('connect', () => ok());
          socket.once('connect_error', fail);
        });
        const answer = await socket.timeout(30_000).emitWithAck('project:join', { project_id: projects[index % PROJECTS]!.id });
        if (!answer.ok) throw new Error(`join refused: ${answer.error.message}`);
        sockets.push(socket);
      }),
    );
  }
  say(`${sockets.length} clients joined; ingesting ${RATE} logs/s for ${SECONDS} s`);

  const perTickPerProject = Math.max(1, Math.round((RATE * TICK_MS) / 1000 / PROJECTS));
  const accepted = new Uint8Array(planned);
  let nextSeq = 0;
  let failed = 0;
  const statuses = new Map<number, number>();
  const inflight = new Set<Promise<void>>();
  const cpuBefore = cpuSecondsOf(gateway.child.pid!);
  let rssMax = rssMbOf(gateway.child.pid!);
  const rssTimer = setInterval(() => (rssMax = Math.max(rssMax, rssMbOf(gateway.child.pid!))), 500);
  const started = performance.now();
  for (let tick = 0; performance.now() - started < SECONDS * 1000; tick++) {
    // Open loop: each tick posts one batch per project, whatever the previous ones are doing.
    const base0 = nextSeq;
    nextSeq += perTickPerProject * PROJECTS;
    if (nextSeq > planned) break;
    for (let p = 0; p < PROJECTS; p++) {
      const seqs = Array.from({ length: perTickPerProject }, (_, j) => base0 + j * PROJECTS + p);
      const body = JSON.stringify(seqs.map((seq) => ({ message: `lb ${seq}`, level: seq % 20 === 0 ? 'ERROR' : 'INFO', environment: 'production' })));
      const request = fetch(`${base}/api/ingest/batch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-seyir-key': projects[p]!.key }, body })
        .then(async (response) => {
          await response.arrayBuffer();
          const at = performance.now();
          if (response.status !== 202) {
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            failed += seqs.length;
            return;
          }
          for (const seq of seqs) {
            respondedAt[seq] = at;
            accepted[seq] = 1;
          }
        })
        .catch(() => {
          failed += seqs.length;
        })
        .finally(() => inflight.delete(request));
      inflight.add(request);
    }
    const wait = started + (tick + 1) * TICK_MS - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const ingestSeconds = (performance.now() - started) / 1000;
  await Promise.all(inflight);
  // Drain: until no receipt arrives for 3 s (or 30 s in all).
  let last = receipts.n;
  let quietSince = performance.now();
  const drainEnd = performance.now() + 30_000;
  while (performance.now() < drainEnd && performance.now() - quietSince < 3000) {
    await sleep(250);
    if (receipts.n !== last) {
      last = receipts.n;
      quietSince = performance.now();
    }
  }
  const cpuSeconds = cpuSecondsOf(gateway.child.pid!) - cpuBefore;
  const window = (quietSince - started) / 1000;
  clearInterval(rssTimer);

  let ingested = 0;
  for (let seq = 0; seq < planned; seq++) ingested += accepted[seq]!;
  let expected = 0;
  for (let c = 0; c < sockets.length; c++) for (let seq = c % PROJECTS; seq < planned; seq += PROJECTS) expected += accepted[seq]!;
  const latencies = new Float64Array(receipts.n);
  for (let i = 0; i < receipts.n; i++) latencies[i] = Math.max(0, receipts.at[i]! - respondedAt[receipts.seq[i]!]!);

  const result = {
    clients: sockets.length,
    projects: PROJECTS,
    seconds: Math.round(ingestSeconds * 10) / 10,
    ingested,
    ingest_failed: failed,
    ingest_refusals: Object.fromEntries(statuses),
    delivered: receipts.n,
    lost: expected - receipts.n,
    skipped_in_frames: skippedInFrames,
    duplicates,
    reloads,
    p50_ms: Math.round(percentile(latencies, 50)),
    p99_ms: Math.round(percentile(latencies, 99)),
    max_ms: Math.round(percentile(latencies, 100)),
    gateway_cpu_pct: Math.round((cpuSeconds / window) * 1000) / 10,
    gateway_rss_mb: Math.round(rssMax),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);

  for (const socket of sockets) socket.disconnect();
  await Promise.all([gateway.stop(), worker.stop()]);
  await handle.close();
  await redis.destroy();
  await postgres.destroy();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:live failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);

import { createHash } from 'node:crypto';
import { getPlan, overageInBatch, PLAN_IDS, type LogLevel, type PlanId } from '@seyir/domain';
import {
  addMonthlyUsage,
  addProjectEnvironments,
  addRollups,
  applyGroupDeltas,
  attachBulkPartition,
  COPY_NULL,
  copyEscape,
  copyRows,
  copyTextArray,
  createProject,
  ensureGroups,
  ensureLogPartitions,
  getMonthlyUsage,
  prepareBulkDay,
  setBulkGroupFirstSeen,
  type DatabaseHandle,
  type GroupDelta,
  type RollupDelta,
  type SqlClient,
} from '@seyir/db';
import type pg from 'pg';
import { compileTemplate, KINDS, pythonTraceback, render, resolveSlots, type CompiledTemplate, type LogKind } from './log-catalog.js';
import { Random, WeightedPicker } from './random.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const SEED_ENVIRONMENTS = ['production', 'staging', 'development'] as const;
const ENVIRONMENT_WEIGHTS = [0.75, 0.18, 0.07];
const HOSTS = ['web-1', 'web-2', 'web-3', 'web-4', 'worker-1', 'worker-2', 'worker-3', 'cron-1'];
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 500: 'Internal Server Error' };

export interface SeedOptions {
  /** Logs to write in all. */
  logs: number;
  /** Projects to create and spread the logs over (evenly). */
  projects: number;
  /** Days of history, ending now. Default 7. */
  days?: number | undefined;
  /** The account that owns the projects (its monthly usage grows by the logs). */
  ownerId: string;
  /** Project names are `${projectName} N`. Default 'Örnek proje'. */
  projectName?: string | undefined;
  /** Seed of the random generator (same seed, same data). Default 1. */
  seed?: number | undefined;
  now?: Date | undefined;
  /** Progress lines (stderr in the CLI). */
  onProgress?: ((message: string) => void) | undefined;
}

export interface SeedResult {
  projectIds: string[];
  logs: number;
  groups: number;
  /** Everything: projects and groups, COPY, indexes, groups/rollups/usage. */
  seconds: number;
  logsPerSecond: number;
  /** The COPY phase alone: rows generated and loaded into tables without indexes. */
  copySeconds: number;
  copyLogsPerSecond: number;
  /** The index phase: loaded days attached as partitions, their indexes built. */
  indexSeconds: number;
}

function sqlClientOf(client: pg.PoolClient): SqlClient {
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)) as unknown as { rows: Row[] },
    exec: async (script: string) => void (await client.query(script)),
  };
}

/** One group of a seeded project: its kind, fixed text, and its COPY fragments made once. */
interface SeedGroup {
  id: string;
  kind: LogKind;
  message: CompiledTemplate;
  level: LogLevel;
  loggerText: string;
  tagsText: string;
  metadataText: string;
  exceptionText: string;
  requestText: string;
  responseText: string;
  delta: GroupDelta;
  users: Set<string>;
}

interface SeedProject {
  id: string;
  logs: number;
  groups: SeedGroup[];
  picker: WeightedPicker;
  rollups: Map<string, RollupDelta>;
  months: Map<string, number>;
}

function fingerprintOf(text: string): string {
  return `seed:${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

function json(value: unknown): string {
  return copyEscape(JSON.stringify(value));
}

/** Groups of a project: a few hundred for a big one, spread over the kinds by their weights. */
function groupCountFor(logs: number): number {
  return Math.max(20, Math.min(600, Math.round(Math.sqrt(logs) / 5)));
}

async function createGroups(handle: DatabaseHandle, projectId: string, logs: number, windowStart: Date, random: Random): Promise<SeedGroup[]> {
  const kindPicker = new WeightedPicker(KINDS.map((k) => k.weight));
  const wanted = groupCountFor(logs);
  const specs = new Map<string, { kind: LogKind; text: string }>();
  // Every kind once (so every level shows up), then the rest by the kinds' weights.
  for (let attempt = 0; specs.size < wanted && attempt < wanted * 20; attempt++) {
    const kind = attempt < KINDS.length - 1 ? KINDS[attempt]! : KINDS[kindPicker.pick(random)]!;
    let text = resolveSlots(kind.text, random);
    // A kind with few slot choices runs out of distinct texts: number its variants.
    if (specs.has(fingerprintOf(text))) text = `${text} (shard ${attempt})`;
    specs.set(fingerprintOf(text), { kind, text });
  }
  // The rare kind always gets exactly one group, so searches for its word find something.
  const rare = KINDS[KINDS.length - 1]!;
  specs.set(fingerprintOf(rare.text), { kind: rare, text: rare.text });

  const entries = [...specs.entries()];
  const ids = await ensureGroups(
    handle.sql,
    projectId,
    entries.map(([fingerprint, { kind, text }]) => ({
      fingerprint,
      kind: kind.exception ? 'exception' : 'template',
      template: text.replace(/\{(\w+)\}/g, '<*>'),
      reason: 'seed',
      sampleMessage: render(compileTemplate(text), random),
      level: kind.level,
      firstSeen: windowStart,
    })),
  );
  return entries.map(([fingerprint, { kind, text }]) => {
    const id = ids.get(fingerprint)!;
    const appModule = kind.logger.startsWith('shop.') ? kind.logger : 'shop.views';
    const fn = kind.logger.split('.').pop() === 'request' ? 'get_customer' : `handle_${kind.logger.split('.').pop()}`;
    const trace = kind.exception ? pythonTraceback(kind.exception, appModule, fn, random) : undefined;
    const exceptionText = kind.exception && trace ? json({ ...kind.exception, traceback: trace.traceback, frames: trace.frames, mechanism: { type: 'logging', handled: true } }) : COPY_NULL;
    const path = text.match(/\/api\/\w+/)?.[0] ?? '/api/orders';
    const requestText = kind.http
      ? json({ method: kind.http === 400 ? 'POST' : 'GET', url: `https://magaza.example.com${path}/`, query_string: 'page=1', headers: { 'User-Agent': 'Mozilla/5.0', Accept: 'application/json' }, data: kind.http === 400 ? { amount: 'abc' } : null })
      : COPY_NULL;
    const responseText = kind.http
      ? json({
          status_code: kind.http,
          reason_phrase: STATUS_TEXT[kind.http],
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
          error_details: kind.http === 500 && trace ? { django_traceback: trace.traceback } : null,
        })
      : COPY_NULL;
    return {
      id,
      kind,
      message: compileTemplate(text),
      level: kind.level,
      loggerText: copyEscape(kind.logger),
      tagsText: copyTextArray(kind.tags),
      metadataText: json({ lineno: random.int(10, 900), funcName: fn, process: random.int(1000, 60000), thread: 'MainThread' }),
      exceptionText,
      requestText,
      responseText,
      delta: { groupId: id, count: 0, firstSeen: new Date(0), lastSeen: new Date(0), lastLogId: '', level: kind.level, environments: [], tags: kind.tags, users: [] },
      users: new Set(),
    };
  });
}

/** Share of a UTC hour in a day's traffic (Istanbul is UTC+3: busy 09–23 local). */
function hourWeight(utcHour: number): number {
  const local = (utcHour + 3) % 24;
  return local >= 9 && local <= 23 ? 1 : 0.25;
}

/** Sorted timestamps of `n` logs in [from, before), busier in local daytime. */
function timestamps(n: number, from: number, before: number, random: Random): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; ) {
    const t = from + random.next() * (before - from);
    if (random.next() <= hourWeight(new Date(t).getUTCHours())) out[i++] = Math.floor(t);
  }
  return out.sort();
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/** COPY text of a UTC timestamp of the day starting at `dayStart` (`dayPrefix` = 'YYYY-MM-DD '), without Date objects. */
function timestampText(ms: number, dayStart: number, dayPrefix: string): string {
  let rest = ms - dayStart;
  const h = Math.floor(rest / HOUR_MS);
  rest -= h * HOUR_MS;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const sec = Math.floor(rest / 1000);
  return `${dayPrefix}${TWO_DIGITS[h]}:${TWO_DIGITS[m]}:${TWO_DIGITS[sec]}.${THREE_DIGITS[rest - sec * 1000]}+00`;
}

function uuidV7(ms: number, random: Random): string {
  const time = ms.toString(16).padStart(12, '0');
  const r = random.hex32();
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${r.slice(0, 3)}-${'89ab'[r.charCodeAt(3) & 3]}${r.slice(4, 7)}-${r.slice(7, 19)}`;
}

/**
 * Writes `logs` realistic logs over `days` days into `projects` new projects of `ownerId`,
 * through COPY (PostgreSQL only), and updates groups, hourly rollups and monthly usage as the
 * ingest worker would. Each day is loaded into a fresh partition whose indexes are built once
 * when it is attached (see `prepareBulkDay`).
 */
export async function seedLogs(handle: DatabaseHandle, options: SeedOptions): Promise<SeedResult> {
  if (!handle.pool) throw new Error('The seeder writes through COPY and needs PostgreSQL (DATABASE_URL).');
  const started = performance.now();
  const now = options.now ?? new Date();
  const days = options.days ?? 7;
  const random = new Random(options.seed ?? 1);
  const progress = options.onProgress ?? (() => undefined);
  const windowStart = now.getTime() - days * DAY_MS;

  const projects: SeedProject[] = [];
  for (let p = 0; p < options.projects; p++) {
    const project = await createProject(handle.db, { name: `${options.projectName ?? 'Örnek proje'} ${p + 1}`, environments: [...SEED_ENVIRONMENTS], ownerId: options.ownerId });
    const logs = Math.floor(options.logs / options.projects) + (p < options.logs % options.projects ? 1 : 0);
    const groups = await createGroups(handle, project.id, logs, new Date(windowStart), random);
    const picker = new WeightedPicker(groups.map((g, rank) => g.kind.weight / Math.pow(rank + 1, 0.6)));
    projects.push({ id: project.id, logs, groups, picker, rollups: new Map(), months: new Map() });
  }
  progress(`${projects.length} projects, ${projects.reduce((n, p) => n + p.groups.length, 0)} groups`);

  const envPicker = new WeightedPicker(ENVIRONMENT_WEIGHTS);
  const seed = options.seed ?? 1;
  const firstDay = Math.floor(windowStart / DAY_MS) * DAY_MS;
  const dayStarts: number[] = [];
  for (let day = firstDay; day <= now.getTime(); day += DAY_MS) dayStarts.push(day);
  // Two phases on two connections, timed apart. COPY: each connection loads whole days into
  // fresh tables without indexes (Node generates one day's rows while PostgreSQL parses the
  // other's). Indexes: each connection attaches loaded days, and PostgreSQL builds a day's nine
  // indexes in one sorted pass each — several times cheaper than keeping them up to date row by row.
  const connections = [await handle.pool.connect(), await handle.pool.connect()];
  const toAttach: number[] = [];
  let copySeconds = 0;
  let indexSeconds = 0;
  try {
    for (const c of connections) await c.query(`SET maintenance_work_mem = '256MB'`);
    const copyStarted = performance.now();
    let nextDay = 0;
    await Promise.all(
      connections.map(async (connection) => {
        const sql = sqlClientOf(connection);
        for (let i = nextDay++; i < dayStarts.length; i = nextDay++) {
          const day = dayStarts[i]!;
          const from = Math.max(day, windowStart);
          const before = Math.min(day + DAY_MS, now.getTime() + 1);
          const share = (before - from) / (now.getTime() + 1 - windowStart);
          // A generator per day, seeded from the seed and the day: the same data whichever
          // connection gets to the day first.
          const dayRandom = new Random(seed * 1_000_003 + i);
          const target = await prepareBulkDay(sql, day);
          await copyRows(connection, target.table, function* () {
            for (const project of projects) yield* projectDayLines(project, Math.round(project.logs * share), from, before, dayRandom);
          });
          if (target.attach) toAttach.push(day);
          progress(`${new Date(day).toISOString().slice(0, 10)}: copied, ${Math.round(writtenSoFar() / ((performance.now() - copyStarted) / 1000))} logs/s`);
        }
      }),
    );
    copySeconds = (performance.now() - copyStarted) / 1000;
    const indexStarted = performance.now();
    await Promise.all(
      connections.map(async (connection) => {
        const sql = sqlClientOf(connection);
        for (let day = toAttach.shift(); day !== undefined; day = toAttach.shift()) await attachBulkPartition(sql, day);
      }),
    );
    indexSeconds = (performance.now() - indexStarted) / 1000;
    progress(`copy ${copySeconds.toFixed(1)} s, indexes ${indexSeconds.toFixed(1)} s`);
  } finally {
    for (const c of connections) c.release();
  }
  const written = writtenSoFar();

  await ensureLogPartitions(handle.sql, now);
  for (const project of projects) {
    const deltas = project.groups.filter((g) => g.delta.count > 0).map((g) => ({ ...g.delta, users: [...g.users] }));
    await handle.transaction(async (sql) => {
      await addProjectEnvironments(sql, project.id, [...SEED_ENVIRONMENTS]);
      await applyGroupDeltas(sql, deltas);
      await setBulkGroupFirstSeen(sql, deltas);
      await addRollups(sql, project.id, [...project.rollups.values()]);
    });
  }
  await addUsage(handle, options.ownerId, projects);
  const seconds = (performance.now() - started) / 1000;
  return {
    projectIds: projects.map((p) => p.id),
    logs: written,
    groups: projects.reduce((n, p) => n + p.groups.length, 0),
    seconds,
    logsPerSecond: Math.round(written / seconds),
    copySeconds,
    copyLogsPerSecond: Math.round(written / copySeconds),
    indexSeconds,
  };

  function writtenSoFar(): number {
    return projects.reduce((n, p) => n + [...p.months.values()].reduce((a, b) => a + b, 0), 0);
  }

  function* projectDayLines(project: SeedProject, n: number, from: number, before: number, random: Random): Generator<string> {
    const times = timestamps(n, from, before, random);
    const dayStart = Math.floor(from / DAY_MS) * DAY_MS;
    const dayPrefix = `${new Date(dayStart).toISOString().slice(0, 10)} `;
    const release = `2026.${Math.floor(from / (7 * DAY_MS)) % 52}.0`;
    const month = new Date(from).toISOString().slice(0, 7) + '-01';
    project.months.set(month, (project.months.get(month) ?? 0) + n);
    let lines = '';
    for (let i = 0; i < n; i++) {
      const at = times[i]!;
      const group = project.groups[project.picker.pick(random)]!;
      const environment = SEED_ENVIRONMENTS[envPicker.pick(random)]!;
      const id = uuidV7(at, random);
      const ts = timestampText(at, dayStart, dayPrefix);
      const userId = random.next() < 0.3 ? `u${random.int(1, 5000)}` : undefined;
      const context = userId ? `{"user": {"id": "${userId}"}, "request_id": "${id.slice(24)}"}` : COPY_NULL;
      lines += `${project.id}\t${id}\t${ts}\t${ts}\t${group.level}\t${environment}\t${copyEscape(render(group.message, random))}\t${HOSTS[random.int(0, HOSTS.length - 1)]}\t${group.loggerText}\t${release}\t${group.id}\t${group.tagsText}\t${group.metadataText}\t${context}\t${group.exceptionText}\t${group.requestText}\t${group.responseText}\tf\n`;
      if (lines.length > 256 * 1024) {
        yield lines;
        lines = '';
      }
      const d = group.delta;
      if (d.count === 0 || at < d.firstSeen.getTime()) d.firstSeen = new Date(at);
      if (at >= d.lastSeen.getTime()) {
        d.lastSeen = new Date(at);
        d.lastLogId = id;
      }
      d.count++;
      if (!d.environments.includes(environment)) d.environments.push(environment);
      if (userId && group.users.size < 1000) group.users.add(`id:${userId}`);
      const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
      const key = `${hour}|${group.level}|${environment}`;
      const rollup = project.rollups.get(key);
      if (rollup) rollup.count++;
      else project.rollups.set(key, { hour: new Date(hour), level: group.level, environment, count: 1 });
    }
    if (lines) yield lines;
  }
}

/** Adds the logs to the owner's monthly usage, the part past the plan's quota as overage. */
async function addUsage(handle: DatabaseHandle, ownerId: string, projects: SeedProject[]): Promise<void> {
  const { rows } = await handle.sql.query<{ plan: string }>('SELECT plan FROM users WHERE id = $1', [ownerId]);
  const planId = rows[0]?.plan;
  const plan = getPlan((PLAN_IDS as readonly string[]).includes(planId ?? '') ? (planId as PlanId) : 'free', 'pricing');
  const months = new Map<string, number>();
  for (const p of projects) for (const [m, n] of p.months) months.set(m, (months.get(m) ?? 0) + n);
  for (const [month, n] of months) {
    const before = await getMonthlyUsage(handle.sql, ownerId, month);
    await addMonthlyUsage(handle.sql, ownerId, month, n, overageInBatch(before.logs, n, plan.monthlyLogs));
  }
}

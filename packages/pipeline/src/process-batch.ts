import {
  computeFingerprint,
  createScrubber,
  getPlan,
  MAX_ENVIRONMENTS,
  overageInBatch,
  PLAN_IDS,
  quotaCrossings,
  type FingerprintResult,
  type IngestJob,
  type JobLog,
  type PlanId,
  type PlanPreset,
  type ScrubSettings,
} from '@seyir/domain';
import {
  addMonthlyUsage,
  addProjectEnvironments,
  addRollups,
  applyGroupDeltas,
  ensureGroups,
  findGroupIds,
  getIngestProject,
  insertLogs,
  DuplicateLogError,
  mergeGroups,
  recordUsageEvents,
  type DatabaseHandle,
  type GroupCountChange,
  type GroupDelta,
  type GroupSeed,
  type LogRow,
  type RollupDelta,
} from '@seyir/db';
import type { TemplateChanges, TemplateStore } from './template-store.js';

export interface PipelineDeps {
  database: Pick<DatabaseHandle, 'sql' | 'transaction'>;
  templates: TemplateStore;
  planPreset: PlanPreset;
}

/** A stored log as the logs list shows it. */
export interface InsertedLog {
  id: string;
  timestampMs: number;
  level: JobLog['level'];
  message: string;
  environment: string;
  host: string;
  tags: string[];
  groupId: string;
}

/** What a processed batch changed: the input of live updates. */
export interface BatchOutcome {
  projectId: string;
  /** Logs newly stored (0 when the batch had been stored before: a retry). */
  inserted: number;
  /** Summaries of the logs newly stored, in batch order (what live updates show, without reading them back). */
  insertedLogs: InsertedLog[];
  groups: (GroupCountChange & { isNew: boolean })[];
  overage: number;
  /** The owner's monthly usage after the batch (absent when nothing was stored). */
  usage?: { ownerId: string; month: string; logs: number; quota: number };
  /**
   * Whether alerts need a look at this batch: the project has an enabled rule judged per batch,
   * or the batch crossed a quota threshold (a quota rule of any of the owner's projects may
   * announce it).
   * Most projects have no rules: their batches then cost the alerts queue nothing.
   */
  alertable: boolean;
}

interface PreparedLog {
  log: JobLog;
  /** When the gateway received the log's batch. */
  receivedAtMs: number;
  grouping: FingerprintResult;
  /** The group the log is stored in: its own fingerprint's, or the one a generalised template merged it into. */
  groupFingerprint: string;
  scrubbed: Pick<LogRow, 'message' | 'metadata' | 'context' | 'exception' | 'request' | 'response'>;
}

function monthOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

function hourOf(ms: number): Date {
  return new Date(Math.floor(ms / 3_600_000) * 3_600_000);
}

/** The user a log is about, for "users affected": context.user.id, else username, e-mail or IP. */
function userKeyOf(log: JobLog): string | undefined {
  const user = log.context?.user;
  if (!user || typeof user !== 'object') return undefined;
  const u = user as Record<string, unknown>;
  for (const key of ['id', 'username', 'email', 'ip_address']) {
    const value = u[key];
    if (typeof value === 'string' || typeof value === 'number') return `${key}:${String(value).slice(0, 200)}`;
  }
  return undefined;
}

/**
 * Stores one accepted batch, exactly once however often it is retried: scrubs secrets,
 * fingerprints every log into a group, and in ONE transaction inserts the logs (skipping ids
 * already stored) and adds to groups, hourly rollups and monthly usage only what was
 * inserted. Over-quota logs are stored and marked.
 */
export async function processBatch(deps: PipelineDeps, job: IngestJob): Promise<BatchOutcome> {
  return processBatches(deps, [job]);
}

/** The month whose usage a job counts into (UTC); jobs stored together must share it. */
export function usageMonthOf(job: Pick<IngestJob, 'receivedAtMs'>): string {
  return monthOf(job.receivedAtMs);
}

/**
 * Stores several accepted batches of ONE project and usage month as one (see processBatch and
 * merge-queue.ts): their logs in batch order, each log with its own batch's receive time.
 */
export async function processBatches(deps: PipelineDeps, jobs: readonly IngestJob[]): Promise<BatchOutcome> {
  const job = jobs[0];
  if (!job) throw new Error('no batches to store');
  if (jobs.some((j) => j.projectId !== job.projectId || usageMonthOf(j) !== usageMonthOf(job))) {
    throw new Error('batches stored together must share their project and month');
  }
  const empty: BatchOutcome = { projectId: job.projectId, inserted: 0, insertedLogs: [], groups: [], overage: 0, alertable: false };
  const month = monthOf(job.receivedAtMs);
  const project = await getIngestProject(deps.database.sql, job.projectId, month);
  if (!project) return empty; // deleted since the batch was accepted: nothing to keep it for

  const scrub = createScrubber(project.scrubSettings as ScrubSettings | null);
  const miner = await deps.templates.minerFor(job.projectId);
  const changes: TemplateChanges = { templates: new Map(), aliases: new Map() };
  const merges = new Map<string, Set<string>>();
  // A request resent with its Idempotency-Key may share a job (or a run) with the first sending: one log per id.
  const ids = new Set<string>();
  const logs = jobs.flatMap((j) => j.logs.filter((log) => !ids.has(log.id) && ids.add(log.id)).map((log) => ({ log, receivedAtMs: j.receivedAtMs })));
  const prepared: PreparedLog[] = logs.map(({ log, receivedAtMs }) => {
    const message = scrub(log.message) as string;
    const exception = log.exception ? (scrub(log.exception) as JobLog['exception']) : null;
    const grouping = computeFingerprint(
      { message, level: log.level, exception: exception ?? undefined, fingerprint: log.fingerprint ?? undefined, logger: log.logger },
      miner,
    );
    if (grouping.learned) {
      changes.templates.set(grouping.learned.templateId, grouping.learned.tokens);
      for (const alias of grouping.learned.mergedTemplateIds) changes.aliases.set(alias, grouping.learned.templateId);
    }
    if (grouping.mergedFingerprints?.length) {
      const set = merges.get(grouping.fingerprint) ?? new Set<string>();
      for (const fp of grouping.mergedFingerprints) set.add(fp);
      merges.set(grouping.fingerprint, set);
    }
    return {
      log,
      receivedAtMs,
      grouping,
      groupFingerprint: grouping.fingerprint,
      scrubbed: {
        message,
        metadata: log.metadata ? scrub(log.metadata) : null,
        context: log.context ? scrub(log.context) : null,
        exception,
        request: log.request ? scrub(log.request) : null,
        response: log.response ? scrub(log.response) : null,
      },
    };
  });
  await deps.templates.save(job.projectId, changes);

  const plan = getPlan((PLAN_IDS as readonly string[]).includes(project.plan) ? (project.plan as PlanId) : 'free', deps.planPreset);
  const overage = overageInBatch(project.monthLogs, prepared.length, plan.monthlyLogs);
  const firstOverage = prepared.length - overage;

  // A template that generalised during this batch absorbed others (learned in this batch or
  // before): the logs of the absorbed ones, earlier in the batch, go to the surviving group too.
  const mergedInto = new Map<string, string>();
  for (const [target, fromFps] of merges) for (const fp of fromFps) if (fp !== target) mergedInto.set(fp, target);
  const survivorOf = (fp: string) => {
    let current = fp;
    for (let hops = 0; hops < 100 && mergedInto.has(current); hops++) current = mergedInto.get(current)!;
    return current;
  };
  for (const p of prepared) p.groupFingerprint = survivorOf(p.grouping.fingerprint);

  const seeds = new Map<string, GroupSeed & { fromOwnLog: boolean; ownAt: number }>();
  for (const p of prepared) {
    const fingerprint = p.groupFingerprint;
    const seen = seeds.get(fingerprint);
    // The seed describes the survivor (its template), from its own earliest log when there is one.
    const own = p.grouping.fingerprint === fingerprint;
    const firstSeen = new Date(Math.min(p.log.timestampMs, seen?.firstSeen.getTime() ?? Infinity));
    if (!seen || (own && (!seen.fromOwnLog || p.log.timestampMs < seen.ownAt))) {
      seeds.set(fingerprint, {
        fingerprint,
        kind: p.grouping.kind,
        template: p.grouping.template.slice(0, 2000),
        reason: p.grouping.reason,
        sampleMessage: p.scrubbed.message,
        level: p.log.level,
        firstSeen,
        fromOwnLog: own,
        ownAt: own ? p.log.timestampMs : Infinity,
      });
    } else {
      seen.firstSeen = firstSeen;
    }
  }
  const newEnvironments = [...new Set(prepared.map((p) => p.log.environment))].filter((e) => !project.environments.includes(e));
  const room = Math.max(0, MAX_ENVIRONMENTS - project.environments.length);

  // A log already stored (a retried job) fails the fast insert: the batch runs again skipping those.
  const store = (skipStored: boolean) => deps.database.transaction(async (sql) => {
    await addProjectEnvironments(sql, job.projectId, newEnvironments.slice(0, room));
    const groupIds = await ensureGroups(sql, job.projectId, [...seeds.values()].map(({ fromOwnLog: _o, ownAt: _a, ...seed }) => seed));
    const absorbed = await findGroupIds(sql, job.projectId, [...mergedInto.keys()]);
    const absorbedBySurvivor = new Map<string, string[]>();
    for (const [fingerprint, id] of absorbed) {
      const survivor = survivorOf(fingerprint);
      absorbedBySurvivor.set(survivor, [...(absorbedBySurvivor.get(survivor) ?? []), id]);
    }
    for (const [survivor, fromIds] of absorbedBySurvivor) {
      const targetId = groupIds.get(survivor);
      if (targetId) await mergeGroups(sql, job.projectId, targetId, fromIds);
    }
    const rows: LogRow[] = prepared.map((p, index) => ({
      id: p.log.id,
      timestamp: new Date(p.log.timestampMs),
      receivedAt: new Date(p.receivedAtMs),
      level: p.log.level,
      environment: p.log.environment,
      host: p.log.host,
      logger: p.log.logger,
      release: p.log.release,
      groupId: groupIds.get(p.groupFingerprint)!,
      tags: p.log.tags,
      ...p.scrubbed,
      metadata: p.log.clampedFrom ? { ...(p.scrubbed.metadata as object | null), _seyir: { timestamp_clamped_from: p.log.clampedFrom } } : p.scrubbed.metadata,
      isOverage: index >= firstOverage,
    }));
    const insertedIds = await insertLogs(sql, job.projectId, new Date(job.receivedAtMs), rows, { skipStored });
    if (insertedIds.size === 0) return empty;
    const inserted = prepared.filter((p) => insertedIds.has(p.log.id));

    const deltas = new Map<string, GroupDelta>();
    const rollups = new Map<string, RollupDelta>();
    for (const p of inserted) {
      const groupId = groupIds.get(p.groupFingerprint)!;
      const at = p.log.timestampMs;
      let delta = deltas.get(groupId);
      if (!delta) {
        delta = { groupId, count: 0, firstSeen: new Date(at), lastSeen: new Date(at), lastLogId: p.log.id, level: p.log.level, environments: [], tags: [], users: [] };
        deltas.set(groupId, delta);
      }
      delta.count++;
      if (at < delta.firstSeen.getTime()) delta.firstSeen = new Date(at);
      if (at >= delta.lastSeen.getTime()) {
        delta.lastSeen = new Date(at);
        delta.lastLogId = p.log.id;
      }
      if (rankOf(p.log.level) > rankOf(delta.level)) delta.level = p.log.level;
      if (!delta.environments.includes(p.log.environment)) delta.environments.push(p.log.environment);
      for (const tag of p.log.tags) if (delta.tags.length < 50 && !delta.tags.includes(tag)) delta.tags.push(tag);
      const user = userKeyOf(p.log);
      if (user && delta.users.length < 1000 && !delta.users.includes(user)) delta.users.push(user);

      const hour = hourOf(at);
      const key = `${hour.getTime()}|${p.log.level}|${p.log.environment}`;
      const rollup = rollups.get(key) ?? { hour, level: p.log.level, environment: p.log.environment, count: 0 };
      rollup.count++;
      rollups.set(key, rollup);
    }
    const groupChanges = await applyGroupDeltas(sql, [...deltas.values()]);
    await addRollups(sql, job.projectId, [...rollups.values()]);
    const insertedOverage = rows.filter((r) => r.isOverage && insertedIds.has(r.id)).length;
    const after = await addMonthlyUsage(sql, project.ownerId, month, inserted.length, insertedOverage);
    const crossings = quotaCrossings(after - inserted.length, after, plan.monthlyLogs);
    await recordUsageEvents(sql, project.ownerId, month, crossings);
    return {
      projectId: job.projectId,
      inserted: inserted.length,
      insertedLogs: inserted.map((p) => ({
        id: p.log.id,
        timestampMs: p.log.timestampMs,
        level: p.log.level,
        message: p.scrubbed.message,
        environment: p.log.environment,
        host: p.log.host,
        tags: p.log.tags,
        groupId: groupIds.get(p.groupFingerprint)!,
      })),
      groups: groupChanges.map((g) => ({ ...g, isNew: g.count === deltas.get(g.groupId)?.count })),
      overage: insertedOverage,
      usage: { ownerId: project.ownerId, month, logs: after, quota: plan.monthlyLogs },
      alertable: project.hasAlertRules || crossings.length > 0,
    };
  });
  try {
    return await store(false);
  } catch (error) {
    if (!(error instanceof DuplicateLogError)) throw error;
    return store(true);
  }
}

const RANKS = { DEBUG: 0, INFO: 1, WARNING: 2, ERROR: 3, CRITICAL: 4 } as const;
function rankOf(level: string): number {
  return RANKS[level as keyof typeof RANKS] ?? 0;
}

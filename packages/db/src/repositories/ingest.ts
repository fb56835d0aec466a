import type { SqlClient } from '../connection.js';
import { stringifyStorable } from '@seyir/domain';
import { holdProjectGroupsShared } from './retention.js';
import { dayBucketSql } from './rollup-buckets.js';
import { toTextArrayLiteral } from './sql-arrays.js';
import { COPY_NULL, copyEscape, copyTextArray } from '../copy/copy-text.js';
import { LOG_COPY_COLUMNS } from '../copy/copy-rows.js';

/** The ingest path's statements run for every batch: planned once per connection. */
const PREPARED = { prepare: true } as const;

/** Severity order used in SQL (array_position gives 1 … 5). */
const LEVEL_ORDER_SQL = `ARRAY['DEBUG','INFO','WARNING','ERROR','CRITICAL']`;

export interface IngestProject {
  projectId: string;
  ownerId: string;
  plan: string;
  environments: string[];
  /** Server-side scrubbing settings (null: defaults). */
  scrubSettings: Record<string, unknown> | null;
  /** Whether the project has an enabled alert rule judged per log batch (new_group, regression, threshold; read with the project). */
  hasAlertRules: boolean;
  /** Whether it has an enabled rule judged per timing batch (latency, error_rate). */
  hasPerfAlertRules: boolean;
}

/**
 * The project a batch belongs to and its owner's plan; undefined when it was deleted meanwhile.
 * With `month`, also the owner's usage of that month (`monthLogs`), read in the same statement
 * (a snapshot read, as getMonthlyUsage's): one round trip fewer for every batch stored.
 */
export async function getIngestProject(sql: SqlClient, projectId: string): Promise<IngestProject | undefined>;
export async function getIngestProject(sql: SqlClient, projectId: string, month: string): Promise<(IngestProject & { monthLogs: number }) | undefined>;
export async function getIngestProject(sql: SqlClient, projectId: string, month?: string): Promise<(IngestProject & { monthLogs?: number }) | undefined> {
  const usage = month === undefined ? '' : ', (SELECT m.logs FROM usage_monthly m WHERE m.account_id = p.owner_id AND m.month = $2) AS month_logs';
  const { rows } = await sql.query<{ owner_id: string; plan: string; environments: string[]; scrub_settings: Record<string, unknown> | null; has_alert_rules: boolean; has_perf_alert_rules: boolean; month_logs?: number | string | null }>(
    `SELECT p.owner_id, u.plan, p.environments, p.scrub_settings,
            EXISTS (SELECT 1 FROM alert_rules r WHERE r.project_id = p.id AND r.enabled AND r.type IN ('new_group', 'regression', 'threshold')) AS has_alert_rules,
            EXISTS (SELECT 1 FROM alert_rules r WHERE r.project_id = p.id AND r.enabled AND r.type IN ('latency', 'error_rate')) AS has_perf_alert_rules${usage}
     FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.id = $1`,
    month === undefined ? [projectId] : [projectId, month],
    PREPARED,
  );
  const row = rows[0];
  if (!row) return undefined;
  const project: IngestProject = { projectId, ownerId: row.owner_id, plan: row.plan, environments: row.environments, scrubSettings: row.scrub_settings, hasAlertRules: row.has_alert_rules, hasPerfAlertRules: row.has_perf_alert_rules };
  return month === undefined ? project : { ...project, monthLogs: Number(row.month_logs ?? 0) };
}

/** Adds environments first seen in a batch to the project's list (bounded by the caller). */
export async function addProjectEnvironments(sql: SqlClient, projectId: string, environments: string[]): Promise<void> {
  if (environments.length === 0) return;
  await sql.query(
    `UPDATE projects SET environments = ARRAY(SELECT DISTINCT e FROM unnest(environments || $2::text[]) e ORDER BY e), updated_at = now()
     WHERE id = $1 AND NOT environments @> $2::text[]`,
    [projectId, environments],
    PREPARED,
  );
}

export interface GroupSeed {
  fingerprint: string;
  kind: string;
  template: string;
  reason: string;
  sampleMessage: string;
  level: string;
  /** First time of the group's logs in this batch. */
  firstSeen: Date;
}

/**
 * Makes sure a group row exists for every fingerprint (new ones start at count 0; the batch's
 * counts are added by applyGroupDeltas) and answers fingerprint → group id. Rows are inserted
 * in fingerprint order so concurrent batches never deadlock.
 */
export async function ensureGroups(sql: SqlClient, projectId: string, seeds: GroupSeed[]): Promise<Map<string, string>> {
  // Until commit: retention may not delete a group of this project that this batch counts into.
  await holdProjectGroupsShared(sql, projectId);
  const sorted = [...seeds].sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1));
  const fingerprints = sorted.map((s) => s.fingerprint);
  const known = await findGroupIds(sql, projectId, fingerprints);
  if (known.size === fingerprints.length) return known;
  const missing = sorted.filter((s) => !known.has(s.fingerprint));
  await sql.query(
    `INSERT INTO log_groups (project_id, fingerprint, kind, template, reason, sample_message, level, first_seen, last_seen)
     SELECT $1, s.fingerprint, s.kind, s.template, s.reason, s.sample, s.level, s.first_seen, s.first_seen
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
       AS s(fingerprint, kind, template, reason, sample, level, first_seen)
     ON CONFLICT (project_id, fingerprint) DO NOTHING`,
    [
      projectId,
      missing.map((s) => s.fingerprint),
      missing.map((s) => s.kind),
      missing.map((s) => s.template),
      missing.map((s) => s.reason),
      missing.map((s) => s.sampleMessage.slice(0, 1000)),
      missing.map((s) => s.level),
      missing.map((s) => s.firstSeen),
    ],
    PREPARED,
  );
  return findGroupIds(sql, projectId, fingerprints);
}

/** Ids of the project's groups with these fingerprints (those that exist). */
export async function findGroupIds(sql: SqlClient, projectId: string, fingerprints: string[]): Promise<Map<string, string>> {
  if (fingerprints.length === 0) return new Map();
  const { rows } = await sql.query<{ id: string; fingerprint: string }>(
    `SELECT id, fingerprint FROM log_groups WHERE project_id = $1 AND fingerprint = ANY($2::text[])`,
    [projectId, fingerprints],
    PREPARED,
  );
  return new Map(rows.map((r) => [r.fingerprint, r.id]));
}

/** A log row as stored. */
export interface LogRow {
  id: string;
  timestamp: Date;
  /** When the gateway received it; default: insertLogs' `receivedAt` (logs of one batch share it). */
  receivedAt?: Date;
  level: string;
  environment: string;
  message: string;
  host: string;
  logger: string;
  release: string;
  groupId: string;
  tags: string[];
  metadata: unknown;
  context: unknown;
  exception: unknown;
  request: unknown;
  response: unknown;
  isOverage: boolean;
}

/** A log already stored (a retried job, a resent Idempotency-Key) stopped the COPY of a batch. */
export class DuplicateLogError extends Error {
  constructor(cause: unknown) {
    super('a log of this batch is already stored', { cause });
  }
}

/**
 * Inserts a batch of logs and answers the ids actually inserted — only those may be counted.
 *
 * On PostgreSQL the rows are COPYed: no JSON document to parse, no conflict check per row, and
 * PostgreSQL fills heap pages many rows at a time (bench/ingest/worker-path: see ARCHITECTURE).
 * COPY cannot skip a row, so a log already stored (same project, timestamp and id) makes it throw
 * DuplicateLogError, and the caller runs the batch again with `skipStored`: one INSERT … ON
 * CONFLICT DO NOTHING, which skips what is stored. Retries are rare; the first try is the cheap one.
 */
export async function insertLogs(sql: SqlClient, projectId: string, receivedAt: Date, rows: LogRow[], options: { skipStored?: boolean } = {}): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  if (sql.copyFrom && !options.skipStored) {
    try {
      await sql.copyFrom(`COPY logs (${LOG_COPY_COLUMNS}) FROM STDIN`, logsCopyText(projectId, receivedAt, rows));
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DuplicateLogError(error);
      throw error;
    }
    return new Set(rows.map((r) => r.id));
  }
  // One JSON document rather than 16 array parameters: Node serialises it natively and
  // PostgreSQL parses it in C (building array literals in JavaScript cost more than the insert).
  const batch = stringifyStorable(
    rows.map((r) => ({
      id: r.id,
      ts: r.timestamp.toISOString(),
      received_at: r.receivedAt?.toISOString() ?? null,
      level: r.level,
      environment: r.environment,
      message: r.message,
      host: r.host,
      logger: r.logger,
      release: r.release,
      group_id: r.groupId,
      tags: r.tags,
      metadata: r.metadata ?? null,
      context: r.context ?? null,
      exception: r.exception ?? null,
      request: r.request ?? null,
      response: r.response ?? null,
      is_overage: r.isOverage,
    })),
  );
  const { rows: inserted } = await sql.query<{ id: string }>(
    `INSERT INTO logs (${LOG_COPY_COLUMNS})
     SELECT $1, u.id, u.ts, coalesce(u.received_at, $2), u.level, u.environment, u.message, u.host, u.logger, u.release, u.group_id, u.tags,
            u.metadata, u.context, u.exception, u.request, u.response, u.is_overage
     FROM json_to_recordset($3::json)
       AS u(id uuid, ts timestamptz, received_at timestamptz, level text, environment text, message text, host text, logger text, release text, group_id uuid,
            tags text[], metadata jsonb, context jsonb, exception jsonb, request jsonb, response jsonb, is_overage boolean)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [projectId, receivedAt, batch],
    PREPARED,
  );
  return new Set(inserted.map((r) => r.id));
}

/** The rows as COPY text, in LOG_COPY_COLUMNS order. */
function logsCopyText(projectId: string, receivedAt: Date, rows: LogRow[]): string {
  // Rows of one batch share their receive time: written once per batch, not per row.
  let receivedMs = receivedAt.getTime();
  let received = receivedAt.toISOString();
  const receivedOf = (at: Date) => {
    if (at.getTime() !== receivedMs) {
      receivedMs = at.getTime();
      received = at.toISOString();
    }
    return received;
  };
  const json = (value: unknown) => (value === null || value === undefined ? COPY_NULL : copyEscape(stringifyStorable(value)));
  let text = '';
  for (const r of rows) {
    text +=
      `${projectId}\t${r.id}\t${r.timestamp.toISOString()}\t${receivedOf(r.receivedAt ?? receivedAt)}\t${copyEscape(r.level)}\t${copyEscape(r.environment)}\t${copyEscape(r.message)}\t` +
      `${copyEscape(r.host)}\t${copyEscape(r.logger)}\t${copyEscape(r.release)}\t${r.groupId}\t${copyTextArray(r.tags)}\t${json(r.metadata)}\t` +
      `${json(r.context)}\t${json(r.exception)}\t${json(r.request)}\t${json(r.response)}\t${r.isOverage ? 't' : 'f'}\n`;
  }
  return text;
}

/** What one batch adds to one group. */
export interface GroupDelta {
  groupId: string;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  lastLogId: string;
  level: string;
  environments: string[];
  tags: string[];
  users: string[];
}

/** Bounded sets kept on a group row. */
export const GROUP_TAG_LIMIT = 50;
export const GROUP_USER_LIMIT = 1000;

export interface GroupCountChange {
  groupId: string;
  count: number;
  lastSeen: Date;
  status: string;
  /** The group was resolved (everywhere) and this batch reopened it. */
  regressed: boolean;
  /** Environments where the group was resolved for that environment alone and this batch reopened it. */
  regressedEnvironments: string[];
}

/**
 * Adds a batch's counts to its groups (in group id order, so concurrent batches never
 * deadlock): count, first/last seen, the highest level, environments, tags and users seen
 * (bounded). A resolved group that receives a log is reopened (a regression): where the
 * log's environment has a status of its own (log_group_environment_status), that one is
 * reopened, and the group's status only by logs of environments without one.
 */
export async function applyGroupDeltas(sql: SqlClient, deltas: GroupDelta[]): Promise<GroupCountChange[]> {
  if (deltas.length === 0) return [];
  const sorted = [...deltas].sort((a, b) => (a.groupId < b.groupId ? -1 : 1));
  const { rows } = await sql.query<{ id: string; count: number; last_seen: Date; status: string; regressed: boolean }>(
    `WITH d AS (
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS d(group_id, n, first_seen, last_seen, last_log_id, level, environments, tags, users)
     ), old AS (
       SELECT g.id, g.status FROM log_groups g JOIN d ON d.group_id = g.id ORDER BY g.id FOR UPDATE OF g
     )
     UPDATE log_groups g SET
       count = g.count + d.n,
       first_seen = LEAST(g.first_seen, d.first_seen),
       last_seen = GREATEST(g.last_seen, d.last_seen),
       last_log_id = CASE WHEN d.last_seen >= g.last_seen THEN d.last_log_id ELSE g.last_log_id END,
       level = CASE WHEN array_position(${LEVEL_ORDER_SQL}, d.level) > array_position(${LEVEL_ORDER_SQL}, g.level) THEN d.level ELSE g.level END,
       environments = ARRAY(SELECT DISTINCT e FROM unnest(g.environments || d.environments::text[]) e ORDER BY e),
       tags = CASE WHEN g.tags @> d.tags::text[] THEN g.tags
                   ELSE (ARRAY(SELECT DISTINCT t FROM unnest(g.tags || d.tags::text[]) t))[1:${GROUP_TAG_LIMIT}] END,
       users_affected = CASE WHEN g.users_affected @> d.users::text[] THEN g.users_affected
                             ELSE (ARRAY(SELECT DISTINCT x FROM unnest(g.users_affected || d.users::text[]) x))[1:${GROUP_USER_LIMIT}] END,
       status = CASE WHEN g.status = 'resolved' AND EXISTS (
                       SELECT 1 FROM unnest(d.environments::text[]) e
                       WHERE NOT EXISTS (SELECT 1 FROM log_group_environment_status s WHERE s.group_id = g.id AND s.environment = e)
                     ) THEN 'unresolved' ELSE g.status END
     FROM d, old
     WHERE g.id = d.group_id AND old.id = g.id
     RETURNING g.id, g.count, g.last_seen, g.status, (old.status = 'resolved' AND g.status = 'unresolved') AS regressed`,
    [
      sorted.map((d) => d.groupId),
      sorted.map((d) => d.count),
      sorted.map((d) => d.firstSeen),
      sorted.map((d) => d.lastSeen),
      sorted.map((d) => d.lastLogId),
      sorted.map((d) => d.level),
      sorted.map((d) => toTextArrayLiteral(d.environments)),
      sorted.map((d) => toTextArrayLiteral(d.tags)),
      sorted.map((d) => toTextArrayLiteral(d.users)),
    ],
    PREPARED,
  );
  const reopened = await reopenEnvironmentStatuses(
    sql,
    sorted.flatMap((d) => d.environments.map((environment) => ({ groupId: d.groupId, environment }))),
  );
  return rows.map((r) => ({
    groupId: r.id,
    count: Number(r.count),
    lastSeen: r.last_seen,
    status: r.status,
    regressed: r.regressed,
    regressedEnvironments: reopened.get(r.id) ?? [],
  }));
}

/**
 * Reopens the per-environment statuses 'resolved' of the (group, environment) pairs that just
 * received logs, keeping their resolved_at (the regression mark). Rows are locked in key order.
 */
async function reopenEnvironmentStatuses(sql: SqlClient, pairs: { groupId: string; environment: string }[]): Promise<Map<string, string[]>> {
  const reopened = new Map<string, string[]>();
  if (pairs.length === 0) return reopened;
  const { rows } = await sql.query<{ group_id: string; environment: string }>(
    `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::text[]) AS d(group_id, environment)),
     hit AS (
       SELECT s.group_id, s.environment FROM log_group_environment_status s JOIN d ON d.group_id = s.group_id AND d.environment = s.environment
       WHERE s.status = 'resolved' ORDER BY s.group_id, s.environment FOR UPDATE OF s
     )
     UPDATE log_group_environment_status s SET status = 'unresolved', updated_at = now()
     FROM hit WHERE s.group_id = hit.group_id AND s.environment = hit.environment
     RETURNING s.group_id, s.environment`,
    [pairs.map((p) => p.groupId), pairs.map((p) => p.environment)],
    PREPARED,
  );
  for (const r of rows) reopened.set(r.group_id, [...(reopened.get(r.group_id) ?? []), r.environment].sort());
  return reopened;
}

export interface RollupDelta {
  hour: Date;
  level: string;
  environment: string;
  count: number;
}

/**
 * Adds a batch's counts to the hourly rollups and to the daily ones (`rollup-buckets.ts`), in
 * one statement: every hourly row first, then the daily rows, each in key order, so concurrent
 * batches (and retention, which takes from them in the same order) never deadlock.
 */
export async function addRollups(sql: SqlClient, projectId: string, deltas: RollupDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const key = (d: RollupDelta) => `${d.hour.toISOString()}|${d.level}|${d.environment}`;
  const sorted = [...deltas].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  // The daily rows are summed from what the hourly insert returned, so they are written after it.
  await sql.query(
    `WITH d AS (SELECT * FROM unnest($2::timestamptz[], $3::text[], $4::text[], $5::bigint[]) AS r(hour, level, environment, n)),
     h AS (
       INSERT INTO log_rollups_hourly (project_id, hour, level, environment, count)
       SELECT $1, d.hour, d.level, d.environment, d.n FROM d
       ON CONFLICT (project_id, hour, level, environment) DO UPDATE SET count = log_rollups_hourly.count + EXCLUDED.count
       RETURNING hour, level, environment
     )
     INSERT INTO log_rollups_daily (project_id, day, level, environment, count)
     SELECT $1, ${dayBucketSql('d.hour')}, d.level, d.environment, sum(d.n) FROM d JOIN h USING (hour, level, environment)
     GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
     ON CONFLICT (project_id, day, level, environment) DO UPDATE SET count = log_rollups_daily.count + EXCLUDED.count`,
    [projectId, sorted.map((d) => d.hour), sorted.map((d) => d.level), sorted.map((d) => d.environment), sorted.map((d) => d.count)],
    PREPARED,
  );
}

/** This month's usage of an account (a snapshot read, without locking). */
export async function getMonthlyUsage(sql: SqlClient, accountId: string, month: string): Promise<{ logs: number; overageLogs: number }> {
  const { rows } = await sql.query<{ logs: number; overage_logs: number }>(
    `SELECT logs, overage_logs FROM usage_monthly WHERE account_id = $1 AND month = $2`,
    [accountId, month],
    PREPARED,
  );
  return { logs: Number(rows[0]?.logs ?? 0), overageLogs: Number(rows[0]?.overage_logs ?? 0) };
}

/** Adds to the month's usage; answers the total after. */
export async function addMonthlyUsage(sql: SqlClient, accountId: string, month: string, logs: number, overageLogs: number): Promise<number> {
  const { rows } = await sql.query<{ logs: number }>(
    `INSERT INTO usage_monthly (account_id, month, logs, overage_logs) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_id, month) DO UPDATE SET logs = usage_monthly.logs + EXCLUDED.logs, overage_logs = usage_monthly.overage_logs + EXCLUDED.overage_logs
     RETURNING logs`,
    [accountId, month, logs, overageLogs],
    PREPARED,
  );
  return Number(rows[0]?.logs ?? 0);
}

/** Records quota crossings once each (for the alerts to deliver). */
export async function recordUsageEvents(
  sql: SqlClient,
  accountId: string,
  month: string,
  events: { kind: 'quota_80' | 'quota_100' | 'overage'; threshold: number }[],
): Promise<void> {
  if (events.length === 0) return;
  await sql.query(
    `INSERT INTO usage_events (account_id, month, kind, threshold)
     SELECT $1, $2, e.kind, e.threshold FROM unnest($3::text[], $4::bigint[]) AS e(kind, threshold)
     ON CONFLICT DO NOTHING`,
    [accountId, month, events.map((e) => e.kind), events.map((e) => e.threshold)],
    PREPARED,
  );
}

/** Moves the logs and counts of `fromIds` into `toId` and deletes those groups (a template absorbed them). */
export async function mergeGroups(sql: SqlClient, projectId: string, toId: string, fromIds: string[]): Promise<void> {
  const from = fromIds.filter((id) => id !== toId);
  if (from.length === 0) return;
  await sql.query(`UPDATE logs SET group_id = $2 WHERE project_id = $1 AND group_id = ANY($3::uuid[])`, [projectId, toId, from], PREPARED);
  await sql.query(
    `WITH gone AS (DELETE FROM log_groups WHERE project_id = $1 AND id = ANY($3::uuid[]) RETURNING *)
     UPDATE log_groups g SET
       count = g.count + (SELECT coalesce(sum(count), 0) FROM gone),
       first_seen = LEAST(g.first_seen, (SELECT min(first_seen) FROM gone)),
       last_seen = GREATEST(g.last_seen, (SELECT max(last_seen) FROM gone)),
       environments = ARRAY(SELECT DISTINCT e FROM unnest(g.environments || (SELECT coalesce(array_agg(e2), '{}') FROM gone, unnest(gone.environments) e2)) e ORDER BY e)
     WHERE g.id = $2`,
    [projectId, toId, from],
    PREPARED,
  );
}

export interface TemplateRow {
  templateId: string;
  tokens: string[];
  seq: number;
}

/** Template-miner rows of a project newer than `afterSeq` (all when 0). */
export async function findTemplates(sql: SqlClient, projectId: string, afterSeq = 0): Promise<TemplateRow[]> {
  const { rows } = await sql.query<{ template_id: string; tokens: string[]; seq: number }>(
    `SELECT template_id, tokens, seq FROM message_templates WHERE project_id = $1 AND seq > $2 ORDER BY seq`,
    [projectId, afterSeq],
    PREPARED,
  );
  return rows.map((r) => ({ templateId: r.template_id, tokens: r.tokens, seq: Number(r.seq) }));
}

export async function findTemplateAliases(sql: SqlClient, projectId: string, afterSeq = 0): Promise<{ aliasId: string; templateId: string; seq: number }[]> {
  const { rows } = await sql.query<{ alias_id: string; template_id: string; seq: number }>(
    `SELECT alias_id, template_id, seq FROM message_template_aliases WHERE project_id = $1 AND seq > $2 ORDER BY seq`,
    [projectId, afterSeq],
    PREPARED,
  );
  return rows.map((r) => ({ aliasId: r.alias_id, templateId: r.template_id, seq: Number(r.seq) }));
}

/** Saves new or generalised templates (a new version of a row gets a new seq so others re-read it). */
export async function saveTemplates(sql: SqlClient, projectId: string, templates: { templateId: string; tokens: readonly string[] }[]): Promise<void> {
  if (templates.length === 0) return;
  const sorted = [...templates].sort((a, b) => (a.templateId < b.templateId ? -1 : 1));
  await sql.query(
    `INSERT INTO message_templates (project_id, template_id, tokens)
     SELECT $1, t.id, t.tokens FROM unnest($2::text[], $3::jsonb[]) AS t(id, tokens)
     ON CONFLICT (project_id, template_id) DO UPDATE SET tokens = EXCLUDED.tokens, seq = nextval(pg_get_serial_sequence('message_templates', 'seq')), updated_at = now()
     WHERE message_templates.tokens IS DISTINCT FROM EXCLUDED.tokens`,
    [projectId, sorted.map((t) => t.templateId), sorted.map((t) => JSON.stringify(t.tokens))],
    PREPARED,
  );
}

export async function saveTemplateAliases(sql: SqlClient, projectId: string, aliases: { aliasId: string; templateId: string }[]): Promise<void> {
  if (aliases.length === 0) return;
  await sql.query(
    `INSERT INTO message_template_aliases (project_id, alias_id, template_id)
     SELECT $1, a.alias_id, a.template_id FROM unnest($2::text[], $3::text[]) AS a(alias_id, template_id)
     ON CONFLICT DO NOTHING`,
    [projectId, aliases.map((a) => a.aliasId), aliases.map((a) => a.templateId)],
    PREPARED,
  );
}

import { ALERT_LIMITS, foldTurkish, type AlertChannel, type AlertConditions, type AlertDeliveryKind, type AlertDeliveryStatus, type AlertMessage, type AlertType } from '@seyir/domain';
import type { DatabaseHandle, SqlClient } from '../connection.js';
import { withProjectLocked } from './project-lock.js';
import { toJsonParam } from './sql-arrays.js';

/** An alert rule as stored. */
export interface AlertRuleRow {
  id: string;
  projectId: string;
  name: string;
  type: AlertType;
  channels: AlertChannel[];
  conditions: AlertConditions;
  cooldownMinutes: number;
  enabled: boolean;
  mutedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface RawRule {
  id: string;
  project_id: string;
  name: string;
  type: AlertType;
  channels: AlertChannel[] | string;
  conditions: AlertConditions | string;
  cooldown_minutes: number;
  enabled: boolean;
  muted_until: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const RULE_COLUMNS = 'r.id, r.project_id, r.name, r.type, r.channels, r.conditions, r.cooldown_minutes, r.enabled, r.muted_until, r.created_at, r.updated_at';
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toRule(r: RawRule): AlertRuleRow {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    type: r.type,
    channels: json(r.channels),
    conditions: json(r.conditions),
    cooldownMinutes: Number(r.cooldown_minutes),
    enabled: r.enabled,
    mutedUntil: r.muted_until ? new Date(r.muted_until) : null,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

export interface AlertRuleFields {
  name: string;
  type: AlertType;
  channels: AlertChannel[];
  conditions: AlertConditions;
  cooldownMinutes: number;
  enabled: boolean;
}

/** A project's rules, oldest first. */
export async function findAlertRules(sql: SqlClient, projectId: string): Promise<AlertRuleRow[]> {
  const { rows } = await sql.query<RawRule>(`SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE r.project_id = $1 ORDER BY r.created_at, r.id`, [projectId]);
  return rows.map(toRule);
}

/** One rule of a project, or undefined. */
export async function getAlertRule(sql: SqlClient, projectId: string, ruleId: string): Promise<AlertRuleRow | undefined> {
  const { rows } = await sql.query<RawRule>(`SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE r.project_id = $1 AND r.id = $2`, [projectId, ruleId]);
  return rows[0] ? toRule(rows[0]) : undefined;
}

/**
 * Adds a rule unless the project already has `ALERT_LIMITS.maxRulesPerProject` (undefined
 * then), exactly: the count runs under the project's lock (`withProjectLocked`).
 */
export async function createAlertRule(database: Pick<DatabaseHandle, 'transaction'>, projectId: string, createdBy: string, fields: AlertRuleFields): Promise<AlertRuleRow | undefined> {
  return withProjectLocked(database, projectId, async (sql) => {
    const { rows } = await sql.query<RawRule>(
      `WITH r AS (
         INSERT INTO alert_rules (project_id, name, type, channels, conditions, cooldown_minutes, enabled, created_by)
         SELECT $1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8
         WHERE (SELECT count(*) FROM alert_rules WHERE project_id = $1) < $9
         RETURNING *
       )
       SELECT ${RULE_COLUMNS} FROM r`,
      [projectId, fields.name, fields.type, toJsonParam(fields.channels), toJsonParam(fields.conditions), fields.cooldownMinutes, fields.enabled, createdBy, ALERT_LIMITS.maxRulesPerProject],
    );
    return rows[0] ? toRule(rows[0]) : undefined;
  });
}

/** Replaces a rule's settings (its cool-down state is kept). Undefined when the project has no such rule. */
export async function updateAlertRule(sql: SqlClient, projectId: string, ruleId: string, fields: AlertRuleFields): Promise<AlertRuleRow | undefined> {
  const { rows } = await sql.query<RawRule>(
    `UPDATE alert_rules r SET name = $3, type = $4, channels = $5::jsonb, conditions = $6::jsonb, cooldown_minutes = $7, enabled = $8, updated_at = now()
     WHERE r.project_id = $1 AND r.id = $2 RETURNING ${RULE_COLUMNS}`,
    [projectId, ruleId, fields.name, fields.type, toJsonParam(fields.channels), toJsonParam(fields.conditions), fields.cooldownMinutes, fields.enabled],
  );
  return rows[0] ? toRule(rows[0]) : undefined;
}

export async function deleteAlertRule(sql: SqlClient, projectId: string, ruleId: string): Promise<boolean> {
  const { rows } = await sql.query(`DELETE FROM alert_rules WHERE project_id = $1 AND id = $2 RETURNING id`, [projectId, ruleId]);
  return rows.length > 0;
}

/** Mutes a rule until `until` (a later mute wins over an earlier one). Answers the rule, or undefined. */
export async function muteAlertRule(sql: SqlClient, ruleId: string, until: Date): Promise<{ name: string; mutedUntil: Date } | undefined> {
  const { rows } = await sql.query<{ name: string; muted_until: Date | string }>(
    `UPDATE alert_rules SET muted_until = GREATEST(coalesce(muted_until, $2), $2) WHERE id = $1 RETURNING name, muted_until`,
    [ruleId, until],
  );
  return rows[0] ? { name: rows[0].name, mutedUntil: new Date(rows[0].muted_until) } : undefined;
}

/** The enabled, unmuted rules of a project that react to stored logs (not quota rules). */
export async function findActiveAlertRules(sql: SqlClient, projectId: string, now: Date): Promise<AlertRuleRow[]> {
  const { rows } = await sql.query<RawRule>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules r
     WHERE r.project_id = $1 AND r.enabled AND r.type <> 'quota' AND (r.muted_until IS NULL OR r.muted_until <= $2)`,
    [projectId, now],
  );
  return rows.map(toRule);
}

/** A quota crossing of an account that one quota rule has not announced yet. */
export interface PendingQuotaNotice {
  rule: AlertRuleRow;
  projectName: string;
  event: { id: string; kind: 'quota_80' | 'quota_100' | 'overage'; threshold: number; month: string };
}

/**
 * Claims the quota crossings of `accountId` (recorded by the pipeline in usage_events) that
 * the enabled quota rules of the account's projects have not announced, each (rule, crossing)
 * exactly once however many workers ask: the claim is an insert that conflicts. Crossings from
 * before a rule existed are not announced by it.
 */
export async function claimQuotaNotices(sql: SqlClient, accountId: string, now: Date): Promise<PendingQuotaNotice[]> {
  const { rows } = await sql.query<RawRule & { project_name: string; event_id: string; kind: PendingQuotaNotice['event']['kind']; threshold: number; month: Date | string }>(
    `WITH candidates AS (
       SELECT r.id AS rule_id, e.id AS event_id FROM alert_rules r
       JOIN projects p ON p.id = r.project_id AND p.owner_id = $1
       JOIN usage_events e ON e.account_id = $1 AND e.created_at >= r.created_at
       WHERE r.type = 'quota' AND r.enabled AND (r.muted_until IS NULL OR r.muted_until <= $2)
         AND NOT EXISTS (SELECT 1 FROM alert_quota_notices n WHERE n.rule_id = r.id AND n.usage_event_id = e.id)
     ), claimed AS (
       INSERT INTO alert_quota_notices (rule_id, usage_event_id) SELECT rule_id, event_id FROM candidates
       ON CONFLICT DO NOTHING RETURNING rule_id, usage_event_id
     ), marked AS (
       UPDATE usage_events SET delivered_at = coalesce(delivered_at, $2) WHERE id IN (SELECT usage_event_id FROM claimed) RETURNING id
     )
     SELECT ${RULE_COLUMNS}, p.name AS project_name, e.id AS event_id, e.kind, e.threshold, e.month
     FROM claimed c JOIN alert_rules r ON r.id = c.rule_id JOIN projects p ON p.id = r.project_id JOIN usage_events e ON e.id = c.usage_event_id
     ORDER BY e.threshold`,
    [accountId, now],
  );
  return rows.map((r) => ({
    rule: toRule(r),
    projectName: r.project_name,
    event: { id: r.event_id, kind: r.kind, threshold: Number(r.threshold), month: new Date(r.month).toISOString().slice(0, 10) },
  }));
}

/** What the cool-down decided for one event. */
export type CooldownDecision = { send: true; heldBefore: number } | { send: false };

/**
 * The cool-down of (rule, subject) in one statement, safe under concurrent workers: when no
 * window is open the event is sent and a window of `cooldownMinutes` opens; inside a window
 * the event is held (counted, its groups kept up to 10) for the digest at the window's end.
 */
export async function sendOrHoldAlert(
  sql: SqlClient,
  input: { ruleId: string; subject: string; now: Date; cooldownMinutes: number; count: number; groupIds: string[] },
): Promise<CooldownDecision> {
  const windowEnd = new Date(input.now.getTime() + input.cooldownMinutes * 60_000);
  const inserted = await sql.query(
    `INSERT INTO alert_states (rule_id, subject, window_ends_at, last_sent_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING rule_id`,
    [input.ruleId, input.subject, windowEnd, input.now],
  );
  if (inserted.rows.length > 0) return { send: true, heldBefore: 0 };
  const { rows } = await sql.query<{ sent: boolean; held_before: number }>(
    `UPDATE alert_states s SET
       window_ends_at = CASE WHEN old.window_ends_at <= $3 THEN $4 ELSE s.window_ends_at END,
       last_sent_at = CASE WHEN old.window_ends_at <= $3 THEN $3 ELSE s.last_sent_at END,
       held_count = CASE WHEN old.window_ends_at <= $3 THEN 0 ELSE s.held_count + $5 END,
       held_groups = CASE WHEN old.window_ends_at <= $3 THEN '{}'::uuid[]
                          ELSE (ARRAY(SELECT DISTINCT x FROM unnest(s.held_groups || $6::uuid[]) x))[1:${ALERT_LIMITS.maxDigestGroups}] END
     FROM (SELECT rule_id, subject, window_ends_at, held_count FROM alert_states WHERE rule_id = $1 AND subject = $2 FOR UPDATE) old
     WHERE s.rule_id = old.rule_id AND s.subject = old.subject
     RETURNING (old.window_ends_at <= $3) AS sent, old.held_count AS held_before`,
    [input.ruleId, input.subject, input.now, windowEnd, input.count, input.groupIds],
  );
  const row = rows[0];
  return row?.sent ? { send: true, heldBefore: Number(row.held_before) } : { send: false };
}

/** A digest that is due: events held by a cool-down window that has ended. */
export interface DueDigest {
  rule: AlertRuleRow;
  subject: string;
  held: number;
  groupIds: string[];
}

/**
 * Takes up to `limit` due digests (held events whose window ended by `now`), resetting them
 * and opening a new window from now, so a storm that goes on yields one digest per cool-down.
 * SKIP LOCKED lets several workers sweep at once without sending a digest twice.
 */
export async function takeDueDigests(sql: SqlClient, now: Date, limit = 100): Promise<DueDigest[]> {
  const { rows } = await sql.query<RawRule & { subject: string; held: number; groups: string[] }>(
    `WITH due AS (
       SELECT s.rule_id, s.subject, s.held_count, s.held_groups FROM alert_states s
       WHERE s.held_count > 0 AND s.window_ends_at <= $1 ORDER BY s.window_ends_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ), taken AS (
       UPDATE alert_states s SET held_count = 0, held_groups = '{}', last_sent_at = $1,
              window_ends_at = $1 + make_interval(mins => r.cooldown_minutes)
       FROM due, alert_rules r
       WHERE s.rule_id = due.rule_id AND s.subject = due.subject AND r.id = s.rule_id
       RETURNING s.rule_id, s.subject, due.held_count, due.held_groups
     )
     SELECT ${RULE_COLUMNS}, t.subject, t.held_count AS held, t.held_groups AS groups FROM taken t JOIN alert_rules r ON r.id = t.rule_id`,
    [now, limit],
  );
  return rows.map((r) => ({ rule: toRule(r), subject: r.subject, held: Number(r.held), groupIds: r.groups ?? [] }));
}

/** A message to send on one channel of a rule. */
export interface NewAlertDelivery {
  ruleId: string;
  kind: AlertDeliveryKind;
  channelIndex: number;
  channelType: AlertChannel['type'];
  target: string;
  message: AlertMessage;
}

export interface AlertDeliveryRow extends Omit<NewAlertDelivery, 'message'> {
  id: string;
  title: string;
  status: AlertDeliveryStatus;
  attempts: number;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

interface RawDelivery {
  id: string;
  rule_id: string;
  kind: AlertDeliveryKind;
  channel_index: number;
  channel_type: AlertChannel['type'];
  target: string;
  title: string;
  status: AlertDeliveryStatus;
  attempts: number;
  error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

const DELIVERY_COLUMNS = 'd.id, d.rule_id, d.kind, d.channel_index, d.channel_type, d.target, d.title, d.status, d.attempts, d.error, d.created_at, d.sent_at';

function toDelivery(r: RawDelivery): AlertDeliveryRow {
  return {
    id: r.id,
    ruleId: r.rule_id,
    kind: r.kind,
    channelIndex: Number(r.channel_index),
    channelType: r.channel_type,
    target: r.target,
    title: r.title,
    status: r.status,
    attempts: Number(r.attempts),
    error: r.error,
    createdAt: new Date(r.created_at),
    sentAt: r.sent_at ? new Date(r.sent_at) : null,
  };
}

/** Ids of deliveries still pending that were recorded since `since` (oldest first, at most `limit`). */
export async function findPendingAlertDeliveries(sql: SqlClient, since: Date, limit: number): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(`SELECT id FROM alert_deliveries WHERE status = 'pending' AND created_at >= $1 ORDER BY created_at LIMIT $2`, [since, limit]);
  return rows.map((r) => r.id);
}

/** Records messages to send (status pending) and answers their ids. */
export async function createAlertDeliveries(sql: SqlClient, deliveries: NewAlertDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO alert_deliveries (rule_id, kind, channel_index, channel_type, target, title, message)
     SELECT u.rule_id, u.kind, u.channel_index, u.channel_type, u.target, u.title, u.message
     FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::jsonb[])
       AS u(rule_id, kind, channel_index, channel_type, target, title, message)
     RETURNING id`,
    [
      deliveries.map((d) => d.ruleId),
      deliveries.map((d) => d.kind),
      deliveries.map((d) => d.channelIndex),
      deliveries.map((d) => d.channelType),
      deliveries.map((d) => d.target),
      deliveries.map((d) => d.message.title),
      deliveries.map((d) => toJsonParam(d.message)),
    ],
  );
  return rows.map((r) => r.id);
}

/** A delivery with what it needs to be sent: its message and the rule's channel as it is now. */
export async function getAlertDeliveryToSend(
  sql: SqlClient,
  deliveryId: string,
): Promise<(AlertDeliveryRow & { message: AlertMessage; channel: AlertChannel | undefined }) | undefined> {
  const { rows } = await sql.query<RawDelivery & { message: AlertMessage | string; channels: AlertChannel[] | string }>(
    `SELECT ${DELIVERY_COLUMNS}, d.message, r.channels FROM alert_deliveries d JOIN alert_rules r ON r.id = d.rule_id WHERE d.id = $1`,
    [deliveryId],
  );
  const r = rows[0];
  if (!r) return undefined;
  const channel = json(r.channels)[Number(r.channel_index)];
  return { ...toDelivery(r), message: json(r.message), channel: channel?.type === r.channel_type ? channel : undefined };
}

/** Records the outcome of one attempt. */
export async function recordAlertDeliveryAttempt(
  sql: SqlClient,
  deliveryId: string,
  outcome: { status: AlertDeliveryStatus; error: string | null; at: Date },
): Promise<void> {
  await sql.query(
    `UPDATE alert_deliveries SET status = $2, error = $3, attempts = attempts + 1, sent_at = CASE WHEN $2 = 'sent' THEN $4::timestamptz ELSE sent_at END WHERE id = $1`,
    [deliveryId, outcome.status, outcome.error?.slice(0, 500) ?? null, outcome.at],
  );
}

/** A rule's delivery log, newest first. */
export async function findAlertDeliveries(sql: SqlClient, ruleId: string, limit: number): Promise<AlertDeliveryRow[]> {
  const { rows } = await sql.query<RawDelivery>(`SELECT ${DELIVERY_COLUMNS} FROM alert_deliveries d WHERE d.rule_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2`, [
    ruleId,
    limit,
  ]);
  return rows.map(toDelivery);
}

/** The installation's key for signing mute links (made by migration 0007). */
export async function getAlertSigningKey(sql: SqlClient): Promise<string> {
  const { rows } = await sql.query<{ secret: string }>(`SELECT secret FROM alert_signing_keys WHERE id = 1`);
  if (!rows[0]) throw new Error('alert signing key missing (migration 0007)');
  return rows[0].secret;
}

/** Of `emails`, those belonging to users who turned e-mail notifications off (Turkish-folded match). */
export async function findEmailOptOuts(sql: SqlClient, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const keys = emails.map((e) => foldTurkish(e.trim()));
  const { rows } = await sql.query<{ email_key: string }>(`SELECT email_key FROM users WHERE email_key = ANY($1::text[]) AND NOT email_notifications`, [keys]);
  const off = new Set(rows.map((r) => r.email_key));
  return new Set(emails.filter((e, i) => off.has(keys[i]!)));
}

/** A project's name and owner (quota is per owner). */
export async function getAlertProject(sql: SqlClient, projectId: string): Promise<{ name: string; ownerId: string } | undefined> {
  const { rows } = await sql.query<{ name: string; owner_id: string }>(`SELECT name, owner_id FROM projects WHERE id = $1`, [projectId]);
  return rows[0] ? { name: rows[0].name, ownerId: rows[0].owner_id } : undefined;
}

/** Whether a cool-down window of (rule, subject) is open at `now`. */
export async function isAlertWindowOpen(sql: SqlClient, ruleId: string, subject: string, now: Date): Promise<boolean> {
  const { rows } = await sql.query(`SELECT 1 FROM alert_states WHERE rule_id = $1 AND subject = $2 AND window_ends_at > $3`, [ruleId, subject, now]);
  return rows.length > 0;
}

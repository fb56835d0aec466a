import { getPlan, levelRank, LOG_LEVELS, parseQuery, PERF_ALERT_TYPES, PLAN_IDS, type AlertEvaluationJob, type GroupConditions, type LogLevel, type PlanId, type ThresholdConditions } from '@seyir/domain';
import {
  claimQuotaNotices,
  countLogsCapped,
  findActiveAlertRules,
  getAlertProject,
  getIngestProject,
  isAlertWindowOpen,
  sendOrHoldAlert,
  type AlertRuleRow,
} from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import { baseMessage, getGroupEvidence } from './build-alert-message.js';
import { evaluatePerfRule } from './evaluate-perf-rule.js';
import { recordDeliveries } from './plan-deliveries.js';

const atLeast = (level: string, min: LogLevel) => LOG_LEVELS.includes(level as LogLevel) && levelRank(level as LogLevel) >= levelRank(min);

/** Group rules: new groups (new_group) or reopened ones (regression) at level ≥ min_level, in the environment if set. */
async function evaluateGroupRule(deps: AlertDeps, rule: AlertRuleRow, project: { id: string; name: string }, job: AlertEvaluationJob, now: Date): Promise<string[]> {
  const conditions = rule.conditions as GroupConditions;
  // A regression is a group reopened everywhere, or in some environments (resolved there alone).
  const touched = job.groups.filter((g) => (rule.type === 'new_group' ? g.isNew : g.regressed || g.regressedEnvironments.length > 0));
  const ids: string[] = [];
  for (const g of touched) {
    const evidence = await getGroupEvidence(deps, project.id, g.groupId);
    if (!evidence || !atLeast(evidence.level, conditions.min_level)) continue;
    if (conditions.environment && !evidence.environments.includes(conditions.environment)) continue;
    if (rule.type === 'regression' && !g.regressed && conditions.environment && !g.regressedEnvironments.includes(conditions.environment)) continue;
    // new_group: one window per rule (each group is new only once, a burst of new groups is the storm);
    // regression: one window per rule and group.
    const subject = rule.type === 'new_group' ? '*' : g.groupId;
    const decision = await sendOrHoldAlert(deps.sql, { ruleId: rule.id, subject, now, cooldownMinutes: rule.cooldownMinutes, count: 1, groupIds: [g.groupId] });
    if (!decision.send) continue;
    const title = rule.type === 'new_group' ? `Yeni hata grubu: ${evidence.sampleMessage.slice(0, 120)}` : `Tekrar eden hata (regresyon): ${evidence.sampleMessage.slice(0, 120)}`;
    const message = await baseMessage(deps, rule, project, 'alert', title, `/projects/${project.id}/groups/${g.groupId}`);
    ids.push(...(await recordDeliveries(deps.sql, rule, { ...message, group: evidence })));
  }
  return ids;
}

/** How long a threshold rule found over its limit is trusted to still be, ms (per process). */
const STILL_OVER_MS = 60_000;
/** Rule id → until when it is known to be over its threshold. Bounded: cleared past 10,000 rules. */
const stillOverUntil = new Map<string, number>();

/**
 * Threshold rules: more than `count` logs at level ≥ `level` in the last `minutes`. Only
 * batches with matching logs trigger a look, and a bounded count (it stops reading at
 * count + 1 rows) decides. While the rule's window is open the batch's matching logs are held
 * for the digest only while the rule is still over its threshold, checked at most once a
 * minute per process (no count per batch during a storm): a trickle after the storm must not
 * make a digest every cool-down for ever.
 */
async function evaluateThresholdRule(deps: AlertDeps, rule: AlertRuleRow, project: { id: string; name: string }, job: AlertEvaluationJob, now: Date): Promise<string[]> {
  const c = rule.conditions as ThresholdConditions;
  const inBatch = job.levels.filter((l) => atLeast(l.level, c.level) && (!c.environment || l.environment === c.environment)).reduce((n, l) => n + l.count, 0);
  if (inBatch === 0) return [];
  const hold = () => sendOrHoldAlert(deps.sql, { ruleId: rule.id, subject: '*', now, cooldownMinutes: rule.cooldownMinutes, count: inBatch, groupIds: [] });
  const levels = LOG_LEVELS.filter((l) => levelRank(l) >= levelRank(c.level));
  // The rule's search is a query of the search language (validated when the rule was saved).
  const query = c.search ? parseQuery(c.search, 'logs') : undefined;
  const countOver = async () => {
    const counted = await countLogsCapped(
      deps.sql,
      project.id,
      { levels, environment: c.environment ?? undefined, query, from: new Date(now.getTime() - c.minutes * 60_000) },
      c.count,
    );
    if (stillOverUntil.size > 10_000) stillOverUntil.clear();
    if (counted.capped) stillOverUntil.set(rule.id, now.getTime() + STILL_OVER_MS);
    else stillOverUntil.delete(rule.id);
    return counted;
  };
  if (await isAlertWindowOpen(deps.sql, rule.id, '*', now)) {
    if ((stillOverUntil.get(rule.id) ?? 0) > now.getTime() || (await countOver()).capped) await hold();
    return [];
  }
  const { byLevel, capped } = await countOver();
  if (!capped) return [];
  const decision = await hold();
  if (!decision.send) return [];
  const observed = [...byLevel.values()].reduce((a, b) => a + b, 0);
  const message = await baseMessage(
    deps,
    rule,
    project,
    'alert',
    `Eşik aşıldı: ${c.minutes} dakikada ${c.count} logdan fazla (${c.level} ve üstü)`,
    `/projects/${project.id}/logs?level=${c.level}${c.environment ? `&environment=${encodeURIComponent(c.environment)}` : ''}`,
  );
  return recordDeliveries(deps.sql, rule, {
    ...message,
    threshold: { count: c.count, level: c.level, minutes: c.minutes, environment: c.environment, search: c.search, observed: observed + 1 },
  });
}

const QUOTA_TITLES = { quota_80: 'Aylık log kotasının %80’i kullanıldı', quota_100: 'Aylık log kotası doldu', overage: 'Kota aşımı yeni bir 10.000 log dilimine ulaştı' } as const;

/** Quota notices of the project owner's account: each crossing once per quota rule (see claimQuotaNotices). */
async function evaluateQuotaRules(deps: AlertDeps, projectId: string, now: Date): Promise<string[]> {
  const owner = await getIngestProject(deps.sql, projectId);
  if (!owner) return [];
  const notices = await claimQuotaNotices(deps.sql, owner.ownerId, now);
  if (notices.length === 0) return [];
  const plan = getPlan((PLAN_IDS as readonly string[]).includes(owner.plan) ? (owner.plan as PlanId) : 'free', deps.planPreset);
  const ids: string[] = [];
  for (const n of notices) {
    const message = await baseMessage(deps, n.rule, { id: n.rule.projectId, name: n.projectName }, 'quota', QUOTA_TITLES[n.event.kind], `/projects/${n.rule.projectId}`);
    ids.push(...(await recordDeliveries(deps.sql, n.rule, { ...message, quota: { kind: n.event.kind, threshold: n.event.threshold, quota: plan.monthlyLogs, month: n.event.month } })));
  }
  return ids;
}

const isPerfRule = (rule: AlertRuleRow) => (PERF_ALERT_TYPES as readonly string[]).includes(rule.type);

/**
 * Evaluates a project's rules against one stored batch (of logs, or of timings: each kind of
 * batch meets only its rules) and records the deliveries to send (answering their ids). Idempotent enough for at-least-once jobs: a re-run may hold an event
 * twice in a digest count, but never sends a second immediate alert inside a cool-down.
 */
export async function evaluateAlerts(deps: AlertDeps, job: AlertEvaluationJob): Promise<string[]> {
  const now = deps.now();
  const rules = await findActiveAlertRules(deps.sql, job.projectId, now);
  const ids: string[] = [];
  if (rules.length > 0) {
    const project = await getAlertProject(deps.sql, job.projectId);
    if (!project) return [];
    const p = { id: job.projectId, name: project.name };
    for (const rule of rules) {
      if (isPerfRule(rule)) {
        if (job.timings.length > 0) ids.push(...(await evaluatePerfRule(deps, rule, p, job, now)));
      } else if (rule.type === 'threshold') ids.push(...(await evaluateThresholdRule(deps, rule, p, job, now)));
      else if (rule.type !== 'quota') ids.push(...(await evaluateGroupRule(deps, rule, p, job, now)));
    }
  }
  // Only stored logs move the quota.
  if (job.inserted > 0) ids.push(...(await evaluateQuotaRules(deps, job.projectId, now)));
  return ids;
}

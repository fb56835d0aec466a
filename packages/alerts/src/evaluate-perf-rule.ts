import { DenseHistogram, histogramPercentiles, LatencyHistogram, type AlertEvaluationJob, type AlertMessage, type PerfAlertConditions } from '@seyir/domain';
import { findPerfMinuteRows, findPerfRoutes, sendOrHoldAlert, type AlertRuleRow } from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import { baseMessage } from './build-alert-message.js';
import { recordDeliveries } from './plan-deliveries.js';

const MINUTE_MS = 60_000;

/** Rule and subject last judged against the rollups in this process: in which minute, and the verdict. */
const judged = new Map<string, { minute: number; minutes: PerfMinute[] | null }>();

/** Requests of the batch that speak against the rule: over the p95 limit (latency) or failed (error_rate). */
function badInBatch(c: PerfAlertConditions, job: AlertEvaluationJob): number {
  let bad = 0;
  for (const t of job.timings) {
    if ((c.route_id && t.routeId !== c.route_id) || (c.environment && t.environment !== c.environment)) continue;
    if ('percent' in c) bad += t.errors;
    else bad += t.count - new LatencyHistogram().addPacked(t.hist).countAtMost(c.p95_ms);
  }
  return bad;
}

/** The value a minute is judged by: its p95 (ms) or its share of 5xx (%). */
export interface PerfMinute {
  t: number;
  requests: number;
  value: number;
}

/**
 * Per-minute values of the last `minutes` whole minutes before `now` (the current minute is
 * still filling up and is not judged), from the minute rollups.
 */
async function lastMinutes(deps: AlertDeps, projectId: string, c: PerfAlertConditions, now: Date): Promise<PerfMinute[]> {
  const before = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const latency = !('percent' in c);
  const rows = await findPerfMinuteRows(deps.sql, projectId, {
    from: new Date(before - c.minutes * MINUTE_MS),
    before: new Date(before),
    routeId: c.route_id,
    environment: c.environment,
    withHist: latency,
  });
  const out: PerfMinute[] = [];
  const scratch = new DenseHistogram();
  let i = 0;
  while (i < rows.length) {
    const t = rows[i]!.t.getTime();
    let requests = 0;
    let errors = 0;
    scratch.clear();
    for (; i < rows.length && rows[i]!.t.getTime() === t; i++) {
      requests += rows[i]!.count;
      errors += rows[i]!.errors;
      if (latency) scratch.addPacked(rows[i]!.hist);
    }
    out.push({ t, requests, value: latency ? histogramPercentiles(scratch, [0.95])[0]! : (errors / Math.max(1, requests)) * 100 });
  }
  return out;
}

/** Every one of the `minutes` minutes is there, has enough requests and is over the limit. */
export function overLimitEveryMinute(minutes: readonly PerfMinute[], c: PerfAlertConditions): boolean {
  const limit = 'percent' in c ? c.percent : c.p95_ms;
  return minutes.length === c.minutes && minutes.every((m) => m.requests >= c.min_requests && m.value > limit);
}

/**
 * latency and error_rate rules, on a timing batch. Only a batch with requests against the rule
 * (slower than the limit, or failed) triggers a look: the last `minutes` whole minutes are read
 * from the minute rollups (once per rule and minute in a process: whole minutes do not change)
 * and the rule is over its limit when every one of them was. Then the first such batch sends
 * the alert and opens the cool-down; later ones are held for the digest — only while the rule
 * stays over its limit, so a recovered route (whose few slow requests are normal) stops the digests.
 */
export async function evaluatePerfRule(deps: AlertDeps, rule: AlertRuleRow, project: { id: string; name: string }, job: AlertEvaluationJob, now: Date): Promise<string[]> {
  const c = rule.conditions as PerfAlertConditions;
  const bad = badInBatch(c, job);
  if (bad === 0) return [];
  const subject = c.route_id ?? '*';
  const key = `${rule.id}|${rule.updatedAt.getTime()}|${subject}`;
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  let verdict = judged.get(key);
  if (verdict?.minute !== minute) {
    const minutes = await lastMinutes(deps, project.id, c, now);
    verdict = { minute, minutes: overLimitEveryMinute(minutes, c) ? minutes : null };
    if (judged.size >= 10_000) judged.clear();
    judged.set(key, verdict);
  }
  if (!verdict.minutes) return [];
  const decision = await sendOrHoldAlert(deps.sql, { ruleId: rule.id, subject, now, cooldownMinutes: rule.cooldownMinutes, count: bad, groupIds: [] });
  if (!decision.send) return [];
  const route = c.route_id ? (await findPerfRoutes(deps.sql, project.id, [c.route_id]))[0] : undefined;
  const routeName = route ? `${route.method} ${route.route}` : null;
  const performance = perfEvidence(c, routeName, verdict.minutes, null);
  const where = routeName ?? 'tüm istekler';
  const title =
    performance.kind === 'latency'
      ? `Yavaşlık: ${where} p95 ${c.minutes} dakikadır ${formatMs(performance.limit)} üzerinde`
      : `Hata oranı: ${where} 5xx oranı ${c.minutes} dakikadır %${performance.limit} üzerinde`;
  const message = await baseMessage(deps, rule, project, 'alert', title, route ? `/projects/${project.id}/performance/routes/${route.id}` : `/projects/${project.id}/performance`);
  return recordDeliveries(deps.sql, rule, { ...message, performance });
}

function formatMs(ms: number): string {
  return `${Math.round(ms * 100) / 100} ms`;
}

/** The performance part of an alert message: the rule's limit and the minutes it was judged on. */
export function perfEvidence(c: PerfAlertConditions, route: string | null, minutes: readonly PerfMinute[], held: number | null): NonNullable<AlertMessage['performance']> {
  const values = minutes.map((m) => Math.round(m.value * 100) / 100);
  return {
    kind: 'percent' in c ? 'error_rate' : 'latency',
    route,
    environment: c.environment,
    minutes: c.minutes,
    limit: 'percent' in c ? c.percent : c.p95_ms,
    observedMin: values.length ? Math.min(...values) : 0,
    observedMax: values.length ? Math.max(...values) : 0,
    requests: minutes.reduce((n, m) => n + m.requests, 0),
    held,
  };
}

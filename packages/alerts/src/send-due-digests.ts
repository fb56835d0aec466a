import type { PerfAlertConditions, ThresholdConditions } from '@seyir/domain';
import { findPerfRoutes } from '@seyir/db';
import { getAlertProject, takeDueDigests } from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import { baseMessage, getGroupsEvidence } from './build-alert-message.js';
import { perfEvidence } from './evaluate-perf-rule.js';
import { recordDeliveries } from './plan-deliveries.js';

const DIGEST_WHAT = {
  threshold: 'eşleşen log',
  new_group: 'yeni grup',
  regression: 'tekrar',
  quota: 'kota olayı',
  latency: 'yavaş istek',
  error_rate: 'hatalı (5xx) istek',
} as const;

/**
 * Turns the events held by ended cool-down windows into one digest per (rule, subject) and
 * records their deliveries (answering the ids). Run periodically by the workers (and the
 * embedded gateway); several may run at once without sending a digest twice.
 */
export async function sendDueDigests(deps: AlertDeps): Promise<string[]> {
  const ids: string[] = [];
  for (const due of await takeDueDigests(deps.sql, deps.now())) {
    const project = await getAlertProject(deps.sql, due.rule.projectId);
    if (!project) continue;
    const groups = await getGroupsEvidence(deps, due.rule.projectId, due.groupIds);
    const what = DIGEST_WHAT[due.rule.type];
    const perf = due.rule.type === 'latency' || due.rule.type === 'error_rate' ? (due.rule.conditions as PerfAlertConditions) : undefined;
    const route = perf?.route_id ? (await findPerfRoutes(deps.sql, due.rule.projectId, [perf.route_id]))[0] : undefined;
    const groupsPath = groups.length === 1 && groups[0] ? `/projects/${due.rule.projectId}/groups/${groups[0].id}` : `/projects/${due.rule.projectId}/groups`;
    const perfPath = `/projects/${due.rule.projectId}/performance${route ? `/routes/${route.id}` : ''}`;
    const message = await baseMessage(
      deps,
      due.rule,
      { id: due.rule.projectId, name: project.name },
      'digest',
      `Özet: bekleme süresinde ${due.held} ${what} daha — ${due.rule.name}`,
      perf ? perfPath : groupsPath,
    );
    const c = due.rule.type === 'threshold' ? (due.rule.conditions as ThresholdConditions) : undefined;
    ids.push(
      ...(await recordDeliveries(deps.sql, due.rule, {
        ...message,
        group: due.rule.type === 'regression' ? (groups[0] ?? null) : null,
        threshold: c ? { count: c.count, level: c.level, minutes: c.minutes, environment: c.environment, search: c.search, observed: due.held } : null,
        performance: perf ? perfEvidence(perf, route ? `${route.method} ${route.route}` : null, [], due.held) : null,
        digest: { held: due.held, groups },
      })),
    );
  }
  return ids;
}

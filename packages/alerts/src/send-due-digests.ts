import type { ThresholdConditions } from '@seyir/domain';
import { getAlertProject, takeDueDigests } from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import { baseMessage, getGroupsEvidence } from './build-alert-message.js';
import { recordDeliveries } from './plan-deliveries.js';

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
    const what = due.rule.type === 'threshold' ? 'eşleşen log' : due.rule.type === 'new_group' ? 'yeni grup' : 'tekrar';
    const message = await baseMessage(
      deps,
      due.rule,
      { id: due.rule.projectId, name: project.name },
      'digest',
      `Özet: bekleme süresinde ${due.held} ${what} daha — ${due.rule.name}`,
      groups.length === 1 && groups[0] ? `/projects/${due.rule.projectId}/groups/${groups[0].id}` : `/projects/${due.rule.projectId}/groups`,
    );
    const c = due.rule.type === 'threshold' ? (due.rule.conditions as ThresholdConditions) : undefined;
    ids.push(
      ...(await recordDeliveries(deps.sql, due.rule, {
        ...message,
        group: due.rule.type === 'regression' ? (groups[0] ?? null) : null,
        threshold: c ? { count: c.count, level: c.level, minutes: c.minutes, environment: c.environment, search: c.search, observed: due.held } : null,
        digest: { held: due.held, groups },
      })),
    );
  }
  return ids;
}

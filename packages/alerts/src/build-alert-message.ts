import { ALERT_LIMITS, trimStack, type AlertGroupEvidence, type AlertMessage, type ExceptionInfo } from '@seyir/domain';
import { getGroup, getLog, type AlertRuleRow } from '@seyir/db';
import { timeOfLogId } from '@seyir/pipeline';
import type { AlertDeps } from './alert-deps.js';
import { signMuteToken } from './mute-token.js';

/** The evidence of one group: its sample, counts and times, and the last log's exception and stack. */
export async function getGroupEvidence(deps: AlertDeps, projectId: string, groupId: string): Promise<AlertGroupEvidence | undefined> {
  const group = await getGroup(deps.sql, projectId, groupId);
  if (!group) return undefined;
  const last = group.lastLogId ? await getLog(deps.sql, projectId, group.lastLogId, timeOfLogId(group.lastLogId)) : undefined;
  const exception = (last?.exception ?? null) as ExceptionInfo | null;
  return {
    id: group.id,
    sampleMessage: group.sampleMessage.slice(0, 1000),
    level: group.level,
    environments: group.environments,
    count: group.count,
    firstSeen: group.firstSeen.toISOString(),
    lastSeen: group.lastSeen.toISOString(),
    exception: exception
      ? { type: (exception.type ?? 'Exception').slice(0, 200), value: (exception.value ?? exception.message ?? '').slice(0, 1000), stack: trimStack(exception) }
      : null,
    link: `${deps.settings.publicUrl}/projects/${projectId}/groups/${group.id}`,
  };
}

/** The evidence of up to 10 groups (those still there). */
export async function getGroupsEvidence(deps: AlertDeps, projectId: string, groupIds: readonly string[]): Promise<AlertGroupEvidence[]> {
  const found = await Promise.all(groupIds.slice(0, ALERT_LIMITS.maxDigestGroups).map((id) => getGroupEvidence(deps, projectId, id)));
  return found.filter((g): g is AlertGroupEvidence => g !== undefined);
}

/** Links of every alert: into the app, and the two mute links of its rule. */
export async function alertLinks(deps: AlertDeps, ruleId: string, appPath: string): Promise<AlertMessage['links']> {
  const key = await deps.signingKey();
  const nowMs = deps.now().getTime();
  const mute = (d: '1h' | '24h') => `${deps.settings.publicUrl}/api/v1/alerts/mute?token=${signMuteToken(key, ruleId, d, nowMs)}`;
  return { app: `${deps.settings.publicUrl}${appPath}`, muteHour: mute('1h'), muteDay: mute('24h') };
}

/** A message with everything but the evidence filled in. */
export async function baseMessage(
  deps: AlertDeps,
  rule: AlertRuleRow,
  project: { id: string; name: string },
  kind: AlertMessage['kind'],
  title: string,
  appPath: string,
): Promise<AlertMessage> {
  return {
    kind,
    rule: { id: rule.id, name: rule.name, type: rule.type },
    project,
    title: title.slice(0, 200),
    at: deps.now().toISOString(),
    group: null,
    threshold: null,
    performance: null,
    quota: null,
    digest: null,
    links: await alertLinks(deps, rule.id, appPath),
  };
}

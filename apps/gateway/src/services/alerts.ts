import { randomBytes } from 'node:crypto';
import { canDo, type AlertChannel, type AlertRuleInput, type AlertRuleView, type ProjectStanding } from '@seyir/domain';
import type { AlertRuleFields, AlertRuleRow } from '@seyir/db';

/**
 * A validated rule body → the stored fields. A webhook channel without a secret keeps the
 * secret of the rule's existing webhook with the same URL (edits need not re-enter it), else
 * gets a new random one (shown to admins).
 */
export function toAlertRuleFields(input: AlertRuleInput, existing?: AlertRuleRow): AlertRuleFields {
  const channels: AlertChannel[] = input.channels.map((c) => {
    if (c.type !== 'webhook') return c;
    const kept = existing?.channels.find((e): e is Extract<AlertChannel, { type: 'webhook' }> => e.type === 'webhook' && e.url === c.url)?.secret;
    return { type: 'webhook', url: c.url, secret: c.secret ?? kept ?? randomBytes(24).toString('base64url') };
  });
  return { name: input.name, type: input.type, channels, conditions: input.conditions, cooldownMinutes: input.cooldown_minutes, enabled: input.enabled };
}

/** Only the URL's origin, for members who may read rules but not manage them (the path of a Slack or webhook URL is a secret). */
function originOnly(url: string): string {
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return '…';
  }
}

/** A rule as answered: admins see the channels in full, other members without secrets. */
export function presentAlertRule(row: AlertRuleRow, standing: ProjectStanding): AlertRuleView {
  const full = canDo(standing, 'alerts:manage');
  return {
    _id: row.id,
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    type: row.type,
    channels: row.channels.map((c) => {
      if (c.type === 'email') return c;
      if (c.type === 'webhook') return { type: 'webhook', url: full ? c.url : originOnly(c.url), secret: full ? c.secret : null };
      return { type: 'slack', url: full ? c.url : originOnly(c.url) };
    }),
    conditions: row.conditions,
    cooldown_minutes: row.cooldownMinutes,
    enabled: row.enabled,
    muted_until: row.mutedUntil ? row.mutedUntil.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

import type { AlertMessage } from '@seyir/domain';
import { createAlertDeliveries, type AlertRuleRow, type SqlClient } from '@seyir/db';

/** Who a channel goes to, for the delivery log: the recipients, or the URL's host (never its secret path). */
export function channelTarget(channel: AlertRuleRow['channels'][number]): string {
  if (channel.type === 'email') return channel.to.join(', ');
  try {
    return new URL(channel.url).host;
  } catch {
    return '?';
  }
}

/** Records one pending delivery per channel of the rule; answers their ids for the queue. */
export function recordDeliveries(sql: SqlClient, rule: AlertRuleRow, message: AlertMessage): Promise<string[]> {
  return createAlertDeliveries(
    sql,
    rule.channels.map((channel, index) => ({
      ruleId: rule.id,
      kind: message.kind,
      channelIndex: index,
      channelType: channel.type,
      target: channelTarget(channel).slice(0, 1000),
      message,
    })),
  );
}

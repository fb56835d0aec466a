import { findEmailOptOuts, getAlertDeliveryToSend, recordAlertDeliveryAttempt } from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import { DeliveryError, isPermanentFailure } from './channels/delivery-error.js';
import { sendAlertEmail } from './channels/send-alert-email.js';
import { sendSlack } from './channels/send-slack.js';
import { sendWebhook } from './channels/send-webhook.js';

/**
 * Sends one recorded delivery and logs the attempt. A delivery already sent is skipped (jobs
 * run at least once). A transient failure is rethrown so the queue retries with backoff, and
 * stays `pending` until `finalAttempt`; a permanent one is logged `failed` and not rethrown.
 */
export async function deliverAlert(deps: AlertDeps, deliveryId: string, finalAttempt: boolean): Promise<void> {
  const delivery = await getAlertDeliveryToSend(deps.sql, deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  const options = { timeoutMs: deps.settings.timeoutMs, allowPrivate: deps.settings.allowPrivateUrls };
  try {
    const channel = delivery.channel;
    if (!channel) throw new DeliveryError('Kanal kuraldan kaldırılmış.', true);
    if (channel.type === 'email') {
      const optedOut = await findEmailOptOuts(deps.sql, channel.to);
      const to = channel.to.filter((e) => !optedOut.has(e));
      if (to.length === 0) throw new DeliveryError('Tüm alıcılar e-posta bildirimlerini kapatmış.', true);
      await sendAlertEmail(deps.mailer, to, delivery.message);
    } else if (channel.type === 'webhook') {
      await sendWebhook(channel, delivery.message, delivery.id, deps.now().getTime(), options);
    } else {
      await sendSlack(channel, delivery.message, options);
    }
    await recordAlertDeliveryAttempt(deps.sql, deliveryId, { status: 'sent', error: null, at: deps.now() });
  } catch (error) {
    const permanent = isPermanentFailure(error);
    const detail = error instanceof Error ? error.message : String(error);
    await recordAlertDeliveryAttempt(deps.sql, deliveryId, { status: permanent || finalAttempt ? 'failed' : 'pending', error: detail, at: deps.now() });
    if (!permanent) throw error;
  }
}


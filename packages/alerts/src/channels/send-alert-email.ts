import { ALERT_MESSAGES, renderAlertEmail, type AlertMessage } from '@seyir/domain';
import type { Mailer } from '@seyir/mailer';
import { DeliveryError } from './delivery-error.js';

/**
 * Sends an alert e-mail (Turkish HTML + text) through the process's mailer. No SMTP settings
 * and 5xx answers (unknown mailbox, refused) are permanent; 4xx and network errors are retried.
 */
export async function sendAlertEmail(mailer: Mailer, to: string[], message: AlertMessage): Promise<void> {
  if (!mailer.enabled) throw new DeliveryError(ALERT_MESSAGES.smtpNotConfigured, true);
  const mail = renderAlertEmail(message);
  try {
    await mailer.send({ to, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    throw new DeliveryError(`SMTP hatası: ${(error as Error).message}`, code !== undefined && code >= 500);
  }
}

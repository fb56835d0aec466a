import { ALERT_MESSAGES, renderAlertEmail, type AlertMessage } from '@seyir/domain';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { SmtpSettings } from '../alert-settings.js';
import { DeliveryError } from './delivery-error.js';

export interface Mailer {
  /** Sends an alert e-mail (Turkish HTML + text) to `to`. */
  sendAlert(to: string[], message: AlertMessage): Promise<void>;
  close(): void;
}

/**
 * The SMTP mailer of the settings (SMTP_URL, else SMTP_HOST/PORT/USER/PASSWORD), or one that
 * fails every send with a permanent "not configured" when neither is set. Connection, greeting
 * and socket timeouts are bounded so a dead SMTP server only delays its own delivery job.
 */
export function createMailer(smtp: SmtpSettings, timeoutMs: number): Mailer {
  const timeouts = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs * 2 };
  let transport: Transporter | undefined;
  // SMTPTransport reads `url` too (its types omit it); the URL's settings win over the timeouts.
  if (smtp.url) transport = nodemailer.createTransport({ url: smtp.url, ...timeouts } as SMTPTransport.Options);
  else if (smtp.host) {
    const port = smtp.port ?? 587;
    transport = nodemailer.createTransport({
      host: smtp.host,
      port,
      secure: port === 465,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      ...timeouts,
    });
  }
  return {
    async sendAlert(to, message) {
      if (!transport) throw new DeliveryError(ALERT_MESSAGES.smtpNotConfigured, true);
      const mail = renderAlertEmail(message);
      try {
        await transport.sendMail({ from: smtp.from, to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        // 5xx answers (unknown mailbox, refused) will not get better by retrying; 4xx and network errors might.
        throw new DeliveryError(`SMTP hatası: ${(error as Error).message}`, code !== undefined && code >= 500);
      }
    },
    close() {
      transport?.close();
    },
  };
}

import nodemailer, { type Transporter } from 'nodemailer';
import type { MailerConfig } from './mailer-config.js';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
}

/** Thrown by `send` when no SMTP server is configured. Matched by name too (crosses module copies). */
export class MailerNotConfiguredError extends Error {
  override readonly name = 'MailerNotConfiguredError';
  constructor() {
    super('e-mail is not configured: set SMTP_URL or SMTP_HOST');
  }
}

export interface Mailer {
  /** Whether an SMTP server is configured. */
  readonly enabled: boolean;
  /** Sends one message; rejects on SMTP errors (callers retry) or when not configured. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Closes pooled connections. */
  close(): void;
}

/** Socket timeouts (ms): a stuck SMTP server fails the send instead of hanging a request or job. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Makes the process's one mailer (pooled SMTP connections). */
export function createMailer(config: MailerConfig): Mailer {
  const { transport } = config;
  if (!transport) {
    return {
      enabled: false,
      send: () => Promise.reject(new MailerNotConfiguredError()),
      close: () => {},
    };
  }
  const transporter: Transporter = nodemailer.createTransport({ ...transport, pool: true, ...TIMEOUTS });
  return {
    enabled: true,
    async send(message) {
      const info = await transporter.sendMail({ from: config.from, ...message });
      return { messageId: String(info.messageId) };
    },
    close: () => transporter.close(),
  };
}

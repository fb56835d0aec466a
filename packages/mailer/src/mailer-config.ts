import { z } from 'zod';

/**
 * The SMTP settings every app reads from its environment (merge into the app's config schema):
 * `SMTP_URL` (e.g. `smtp://user:pass@host:587`, `smtps://…` for TLS from the start), or
 * `SMTP_HOST` with `SMTP_PORT`, `SMTP_USER`, `SMTP_PASSWORD`, `SMTP_SECURE`; and `SMTP_FROM`.
 * None of them set: e-mail is off (the mailer refuses to send, callers decide what that means).
 */
export const MailerEnvSchema = z.object({
  /** Full SMTP URL; wins over the SMTP_HOST group. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  SMTP_HOST: z.string().optional(),
  /** Default 587 (465 when SMTP_SECURE). */
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. Default false. */
  SMTP_SECURE: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))
    .optional(),
  /** Sender address. Default `Seyir <no-reply@localhost>`. */
  SMTP_FROM: z.string().default('Seyir <no-reply@localhost>'),
});

export type MailerEnv = z.infer<typeof MailerEnvSchema>;

/** Where and how to send; `transport` undefined means e-mail is not configured. */
export interface SmtpTransport {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

export interface MailerConfig {
  transport?: SmtpTransport;
  from: string;
}

export function mailerConfigFromEnv(env: MailerEnv): MailerConfig {
  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    const secure = url.protocol === 'smtps:';
    const user = decodeURIComponent(url.username);
    return {
      transport: {
        host: url.hostname,
        port: url.port ? Number(url.port) : secure ? 465 : 587,
        secure,
        ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
      },
      from: env.SMTP_FROM,
    };
  }
  if (!env.SMTP_HOST) return { from: env.SMTP_FROM };
  const secure = env.SMTP_SECURE ?? false;
  return {
    transport: {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } } : {}),
    },
    from: env.SMTP_FROM,
  };
}

import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * Environment variables of alert delivery, shared by the gateway's and the worker's config
 * (each app still reads its environment once, in its own config.ts).
 */
export const AlertEnvShape = {
  /** SMTP server as a URL (`smtp://user:pass@host:587`, `smtps://…:465`); wins over SMTP_HOST. */
  SMTP_URL: z.string().url().optional(),
  /** SMTP server host, with SMTP_PORT (default 587), SMTP_USER, SMTP_PASSWORD. */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** Sender of alert e-mails. Default `Seyir <uyari@localhost>`. */
  SMTP_FROM: z.string().default('Seyir <uyari@localhost>'),
  /** Let webhook/Slack URLs point at private networks (closed networks, tests). Default off (SSRF guard). */
  SEYIR_ALERT_ALLOW_PRIVATE_URLS: flag.default(false),
  /** Time limit of one delivery attempt (SMTP or HTTP), ms. Default 10,000. */
  SEYIR_ALERT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How often due digests are looked for, ms. Default 15,000. */
  SEYIR_ALERT_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
};

export interface SmtpSettings {
  url?: string | undefined;
  host?: string | undefined;
  port?: number | undefined;
  user?: string | undefined;
  password?: string | undefined;
  from: string;
}

/** What alert evaluation and delivery need from the environment. */
export interface AlertSettings {
  /** Base URL of the web app for links in alerts (no trailing slash). */
  publicUrl: string;
  smtp: SmtpSettings;
  allowPrivateUrls: boolean;
  timeoutMs: number;
  sweepMs: number;
}

/** Builds the settings from an app's parsed config. */
export function alertSettingsFrom(env: z.infer<z.ZodObject<typeof AlertEnvShape>>, publicUrl: string): AlertSettings {
  return {
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtp: { url: env.SMTP_URL, host: env.SMTP_HOST, port: env.SMTP_PORT, user: env.SMTP_USER, password: env.SMTP_PASSWORD, from: env.SMTP_FROM },
    allowPrivateUrls: env.SEYIR_ALERT_ALLOW_PRIVATE_URLS,
    timeoutMs: env.SEYIR_ALERT_TIMEOUT_MS,
    sweepMs: env.SEYIR_ALERT_SWEEP_MS,
  };
}

import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * Environment variables of alert delivery, shared by the gateway's and the worker's config
 * (each app still reads its environment once, in its own config.ts). SMTP settings are
 * `@seyir/mailer`'s (SMTP_URL or SMTP_HOST/PORT/USER/PASSWORD, SMTP_FROM).
 */
export const AlertEnvShape = {
  /** Let webhook/Slack URLs point at private networks (closed networks, tests). Default off (SSRF guard). */
  SEYIR_ALERT_ALLOW_PRIVATE_URLS: flag.default(false),
  /** Time limit of one webhook or Slack attempt, ms (SMTP has the mailer's own). Default 10,000. */
  SEYIR_ALERT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How often due digests are looked for, ms. Default 15,000. */
  SEYIR_ALERT_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
};

/** What alert evaluation and delivery need from the environment. */
export interface AlertSettings {
  /** Base URL of the web app for links in alerts (no trailing slash). */
  publicUrl: string;
  allowPrivateUrls: boolean;
  timeoutMs: number;
  sweepMs: number;
}

/** Builds the settings from an app's parsed config. */
export function alertSettingsFrom(env: z.infer<z.ZodObject<typeof AlertEnvShape>>, publicUrl: string): AlertSettings {
  return {
    publicUrl: publicUrl.replace(/\/+$/, ''),
    allowPrivateUrls: env.SEYIR_ALERT_ALLOW_PRIVATE_URLS,
    timeoutMs: env.SEYIR_ALERT_TIMEOUT_MS,
    sweepMs: env.SEYIR_ALERT_SWEEP_MS,
  };
}

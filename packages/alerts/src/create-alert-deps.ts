import type { PlanPreset } from '@seyir/domain';
import { getAlertSigningKey, type SqlClient } from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import type { AlertSettings } from './alert-settings.js';
import { createMailer } from './channels/mailer.js';

/** Alert dependencies of a process: the SMTP mailer of the settings and the mute-link key, read once. */
export function createAlertDeps(sql: SqlClient, settings: AlertSettings, planPreset: PlanPreset, now: () => Date = () => new Date()): AlertDeps {
  let key: Promise<string> | undefined;
  return {
    sql,
    settings,
    planPreset,
    mailer: createMailer(settings.smtp, settings.timeoutMs),
    signingKey: () => {
      key ??= getAlertSigningKey(sql).catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key;
    },
    now,
  };
}

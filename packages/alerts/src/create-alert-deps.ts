import type { PlanPreset } from '@seyir/domain';
import { getAlertSigningKey, type SqlClient } from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import type { AlertSettings } from './alert-settings.js';
import type { Mailer } from '@seyir/mailer';

/** Alert dependencies of a process: its mailer, and the mute-link key read once from the database. */
export function createAlertDeps(sql: SqlClient, settings: AlertSettings, planPreset: PlanPreset, mailer: Mailer, now: () => Date = () => new Date()): AlertDeps {
  let key: Promise<string> | undefined;
  return {
    sql,
    settings,
    planPreset,
    mailer,
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

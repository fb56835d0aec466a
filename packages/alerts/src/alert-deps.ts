import type { PlanPreset } from '@seyir/domain';
import type { SqlClient } from '@seyir/db';
import type { Mailer } from '@seyir/mailer';
import type { AlertSettings } from './alert-settings.js';

/** What evaluation and delivery use: made once per process and passed in. */
export interface AlertDeps {
  sql: SqlClient;
  settings: AlertSettings;
  planPreset: PlanPreset;
  mailer: Mailer;
  /** The installation's mute-link key (read from the database once). */
  signingKey: () => Promise<string>;
  now: () => Date;
}

import type { SqlClient } from '@seyir/db';

/** One project's logs of one UTC day, about to be deleted by retention. */
export interface ArchiveDay {
  projectId: string;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  /** The day's logs are those with `from <= timestamp < to`. */
  from: Date;
  to: Date;
  /** Read them with this (outside any transaction of retention's). */
  sql: SqlClient;
}

/**
 * The "archive before delete" hook (issue #9 plugs S3 in here). Retention calls `archiveDay`
 * once per project × day before deleting those logs, whether by dropping the day's partition
 * or row by row; if it throws, that project × day is not deleted in this run and is offered
 * again in the next one. So it must be idempotent (write the same object again), and it may
 * decide per project that there is nothing to do (no archive configured: resolve at once).
 */
export interface LogArchiver {
  archiveDay(day: ArchiveDay): Promise<void>;
}

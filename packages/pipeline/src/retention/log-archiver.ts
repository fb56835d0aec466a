/** One project's logs of one UTC day, about to be deleted by retention. */
export interface ArchiveDay {
  projectId: string;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  /** The day's logs are those with `from <= timestamp < to`. */
  from: Date;
  to: Date;
}

/**
 * The "archive before delete" hook (`@seyir/archive`'s S3 archiver fits it). Retention calls
 * `archiveDay` once per project × day before deleting those logs, whether by dropping the day's
 * partition or row by row; if it throws, that project × day is not deleted in this run and is
 * offered again in the next one. So it must be idempotent, and it decides per project whether
 * there is anything to do (no archive configured: resolve at once). What it resolves to is
 * ignored.
 */
export interface LogArchiver {
  archiveDay(day: ArchiveDay): Promise<unknown>;
}

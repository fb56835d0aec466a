import type { SqlClient } from '../connection.js';
import { dayPartition } from './bulk-log-load.js';

const DAY_MS = 86_400_000;

/** Errors that mean "someone else made it, or the default partition already holds that day". */
function isBenign(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  // 42P07 duplicate table and 23505 catalog race (two workers at once); 23514 the default
  // partition already has rows of that day (they stay there and are retained from there).
  return code === '42P07' || code === '23505' || code === '23514';
}

/**
 * Creates the daily partitions of `logs` (UTC days) from `daysBack` before `now` to
 * `daysAhead` after it, so new logs land in their own day and retention can drop whole days.
 * Safe to run from several processes at once and as often as wanted. Answers the days created.
 */
export async function ensureLogPartitions(sql: SqlClient, now: Date, daysBack = 1, daysAhead = 3): Promise<string[]> {
  const created: string[] = [];
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  for (let d = today - daysBack * DAY_MS; d <= today + daysAhead * DAY_MS; d += DAY_MS) {
    const { name, from, to } = dayPartition(d);
    const exists = await sql.query('SELECT 1 FROM pg_class WHERE relname = $1', [name]);
    if (exists.rows.length > 0) continue;
    try {
      await sql.exec(`CREATE TABLE IF NOT EXISTS ${name} PARTITION OF logs FOR VALUES FROM ('${from}') TO ('${to}')`);
      created.push(from);
    } catch (error) {
      if (!isBenign(error)) throw error;
    }
  }
  return created;
}

/** Advisory lock key of the pending-list merge: one process at a time does it. */
const MERGE_LOCK = 0x5e_71_67_01;

/**
 * Merges the pending lists of the GIN indexes (message and exception trigrams, tags, metadata,
 * context) of these partitions of `logs` into the indexes proper, in a transaction of its own;
 * answers the pages merged, or null when another process is at it. The ingest connections set
 * `gin_pending_list_limit` high (INGEST_CONNECTION_SETTINGS in @seyir/pipeline), so inserts only append and this,
 * run every second beside them, does the merging that the insert overflowing the list did
 * (200–290 ms inside one batch's transaction).
 */
export async function mergeLogPendingLists(database: { transaction<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> }, partitions: string[]): Promise<number | null> {
  return database.transaction(async (sql) => {
    const { rows: lock } = await sql.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [MERGE_LOCK]);
    if (!lock[0]?.ok) return null;
    const { rows } = await sql.query<{ pages: number | null }>(
      `SELECT sum(gin_clean_pending_list(c.oid))::int AS pages
       FROM pg_inherits h JOIN pg_class p ON p.oid = h.inhrelid JOIN pg_index i ON i.indrelid = h.inhrelid
         JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
       WHERE h.inhparent = 'logs'::regclass AND p.relname = ANY($1::text[]) AND a.amname = 'gin'`,
      [partitions],
    );
    return rows[0]?.pages ?? 0;
  });
}

/** The partitions taking new logs at `now`: today's, and yesterday's for late arrivals. */
export function hotLogPartitions(now: Date): string[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return [dayPartition(today - DAY_MS).name, dayPartition(today).name];
}

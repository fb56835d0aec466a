import type { SqlClient } from '../connection.js';

const DAY_MS = 86_400_000;

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

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
    const from = day(d);
    const name = `logs_${from.replace(/-/g, '')}`;
    const exists = await sql.query('SELECT 1 FROM pg_class WHERE relname = $1', [name]);
    if (exists.rows.length > 0) continue;
    try {
      await sql.exec(`CREATE TABLE IF NOT EXISTS ${name} PARTITION OF logs FOR VALUES FROM ('${from}') TO ('${day(d + DAY_MS)}')`);
      created.push(from);
    } catch (error) {
      if (!isBenign(error)) throw error;
    }
  }
  return created;
}

import type { SqlClient } from '../connection.js';

const DAY_MS = 86_400_000;

/** The daily partition of a UTC day (its start) and its bounds. */
export function dayPartition(dayStartMs: number): { name: string; from: string; to: string } {
  const from = new Date(dayStartMs).toISOString().slice(0, 10);
  return { name: `logs_${from.replace(/-/g, '')}`, from, to: new Date(dayStartMs + DAY_MS).toISOString().slice(0, 10) };
}

/**
 * Gets a day ready for a bulk COPY of logs. When the day's partition does not exist yet (or
 * exists empty), answers a fresh table without indexes to COPY into, to be attached afterwards
 * with `attachBulkPartition`: PostgreSQL then builds its indexes in one sorted pass, several
 * times faster than keeping them up to date row by row. When the day already holds logs (in
 * its partition or in `logs_default`), answers the table to COPY into directly.
 */
export async function prepareBulkDay(sql: SqlClient, dayStartMs: number): Promise<{ table: string; attach: boolean }> {
  const { name, from, to } = dayPartition(dayStartMs);
  const exists = (await sql.query('SELECT 1 FROM pg_class WHERE relname = $1', [name])).rows.length > 0;
  if (exists) {
    const used = (await sql.query(`SELECT 1 FROM ${name} LIMIT 1`)).rows.length > 0;
    if (used) return { table: name, attach: false };
    await sql.exec(`DROP TABLE ${name}`);
  }
  const inDefault = await sql.query(`SELECT 1 FROM logs_default WHERE timestamp >= $1 AND timestamp < $2 LIMIT 1`, [from, to]);
  if (inDefault.rows.length > 0) return { table: 'logs', attach: false };
  await sql.exec(
    `CREATE TABLE ${name} (LIKE logs INCLUDING DEFAULTS);
     ALTER TABLE ${name} ADD CONSTRAINT ${name}_bulk_range CHECK (timestamp >= '${from}' AND timestamp < '${to}')`,
  );
  return { table: name, attach: true };
}

/**
 * Makes a table filled by a bulk load the day's partition of `logs` (building its indexes);
 * the range constraint added by `prepareBulkDay` spares the validating scan and is dropped after.
 */
export async function attachBulkPartition(sql: SqlClient, dayStartMs: number): Promise<void> {
  const { name, from, to } = dayPartition(dayStartMs);
  await sql.exec(
    `ALTER TABLE logs ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}');
     ALTER TABLE ${name} DROP CONSTRAINT ${name}_bulk_range;
     ANALYZE ${name}`,
  );
}

/**
 * Sets the first_seen of groups a bulk load created (`ensureGroups` starts them at the time
 * it was given): only rows whose whole count is this load's, so older groups keep theirs.
 */
export async function setBulkGroupFirstSeen(sql: SqlClient, groups: { groupId: string; count: number; firstSeen: Date }[]): Promise<void> {
  if (groups.length === 0) return;
  await sql.query(
    `UPDATE log_groups g SET first_seen = d.first_seen
     FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[]) AS d(group_id, n, first_seen)
     WHERE g.id = d.group_id AND g.count = d.n`,
    [groups.map((g) => g.groupId), groups.map((g) => g.count), groups.map((g) => g.firstSeen)],
  );
}

import type { DatabaseHandle, SqlClient } from '../connection.js';
import { dayBucketSql, takeFromRollups } from './rollup-buckets.js';

/**
 * Advisory-lock class of "a project's groups may be deleted": ingest transactions hold it shared
 * from the moment they look up group ids, retention takes it exclusively to delete groups left
 * without logs. So a batch never adds logs to a group deleted under it.
 */
const PROJECT_GROUPS_LOCK = 0x5e71_0002;
/** Advisory lock (session) held by the one retention run in progress. */
const RETENTION_RUN_LOCK = 0x5e71_0003;

/** Taken by every ingest transaction before it reads group ids (released at commit). */
export async function holdProjectGroupsShared(sql: SqlClient, projectId: string): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock_shared($1, hashtext($2))', [PROJECT_GROUPS_LOCK, projectId], { prepare: true });
}

/**
 * Runs `fn` while holding the retention lock on one connection; answers undefined at once when
 * another process's run holds it (runs never overlap, whichever worker or timer started them).
 */
export async function withRetentionLock<T>(database: Pick<DatabaseHandle, 'session'>, fn: () => Promise<T>): Promise<T | undefined> {
  return database.session(async (sql) => {
    const { rows } = await sql.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [RETENTION_RUN_LOCK]);
    if (!rows[0]?.ok) return undefined;
    try {
      return await fn();
    } finally {
      await sql.query('SELECT pg_advisory_unlock($1)', [RETENTION_RUN_LOCK]);
    }
  });
}

/** Every project with its owner's plan name. */
export async function findProjectPlans(sql: SqlClient): Promise<{ projectId: string; plan: string }[]> {
  const { rows } = await sql.query<{ id: string; plan: string }>(`SELECT p.id, u.plan FROM projects p JOIN users u ON u.id = p.owner_id ORDER BY p.id`);
  return rows.map((r) => ({ projectId: r.id, plan: r.plan }));
}

const PARTITION_NAME = /^logs_(\d{4})(\d{2})(\d{2})$/;

/** The daily partitions of `logs` (named `logs_YYYYMMDD` by ensureLogPartitions), oldest first. */
export async function findLogPartitions(sql: SqlClient): Promise<{ name: string; day: string }[]> {
  const { rows } = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'logs'::regclass`,
  );
  return rows
    .map((r) => ({ name: r.name, m: PARTITION_NAME.exec(r.name) }))
    .filter((r): r is { name: string; m: RegExpExecArray } => r.m !== null)
    .map((r) => ({ name: r.name, day: `${r.m[1]}-${r.m[2]}-${r.m[3]}` }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
}

/**
 * Projects with logs in one daily partition (the archiver is asked about each before a drop).
 * A loose index scan: one primary-key probe per project instead of reading the whole day.
 */
export async function findPartitionProjects(sql: SqlClient, partition: string): Promise<string[]> {
  const table = partitionIdent(partition);
  const { rows } = await sql.query<{ project_id: string }>(
    `WITH RECURSIVE p AS (
       (SELECT project_id FROM ${table} ORDER BY project_id LIMIT 1)
       UNION ALL
       SELECT (SELECT t.project_id FROM ${table} t WHERE t.project_id > p.project_id ORDER BY t.project_id LIMIT 1) FROM p WHERE p.project_id IS NOT NULL
     )
     SELECT project_id FROM p WHERE project_id IS NOT NULL`,
  );
  return rows.map((r) => r.project_id);
}

function partitionIdent(name: string): string {
  if (!PARTITION_NAME.test(name)) throw new Error(`not a daily log partition: ${name}`);
  return `"${name}"`;
}

/** What removing some logs took out of one group. */
interface GroupRemoval {
  groupId: string;
  projectId: string;
  n: number;
}

/**
 * Takes removed logs out of their groups: count down, and first_seen moved to the oldest log the
 * group still has (the group is a projection of its stored logs). Rows are locked in id order,
 * as ingest locks them, so the two never deadlock. Answers the projects touched.
 */
async function takeFromGroups(sql: SqlClient, removals: GroupRemoval[]): Promise<Set<string>> {
  if (removals.length === 0) return new Set();
  const sorted = [...removals].sort((a, b) => (a.groupId < b.groupId ? -1 : 1));
  await sql.query(
    `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::bigint[]) AS d(group_id, n)),
     locked AS (SELECT g.id FROM log_groups g JOIN d ON d.group_id = g.id ORDER BY g.id FOR UPDATE OF g)
     UPDATE log_groups g SET
       count = GREATEST(g.count - d.n, 0),
       first_seen = COALESCE((SELECT min(l.timestamp) FROM logs l WHERE l.group_id = g.id), g.first_seen)
     FROM d, locked WHERE g.id = d.group_id AND locked.id = g.id`,
    [sorted.map((r) => r.groupId), sorted.map((r) => r.n)],
  );
  return new Set(removals.map((r) => r.projectId));
}

export interface PartitionDrop {
  /** Logs that were in the partition. */
  logs: number;
  /** Projects that had logs in it. */
  projects: Set<string>;
}

/**
 * Drops one whole daily partition and takes its logs out of group counts and hourly rollups, in
 * one transaction. `allowedProjects` (when given: the projects archived first) guards against a
 * project whose old logs arrived after the archiving: then nothing is dropped (undefined). Waits
 * at most `lockTimeoutMs` for the table locks (a drop locks `logs` as a whole for a moment), else
 * throws and the next run tries again.
 */
export async function dropLogPartition(
  database: Pick<DatabaseHandle, 'transaction'>,
  partition: { name: string; day: string },
  options: { allowedProjects?: ReadonlySet<string>; lockTimeoutMs?: number } = {},
): Promise<PartitionDrop | undefined> {
  const table = partitionIdent(partition.name);
  return database.transaction(async (sql) => {
    await sql.query(`SELECT set_config('lock_timeout', $1, true)`, [`${options.lockTimeoutMs ?? 3000}ms`]);
    // No insert may reach the partition between counting it and dropping it.
    await sql.exec(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    const { rows } = await sql.query<{ project_id: string; group_id: string | null; n: number }>(
      `SELECT project_id, group_id, count(*)::int AS n FROM ${table} GROUP BY 1, 2`,
    );
    const projects = new Set(rows.map((r) => r.project_id));
    if (options.allowedProjects && [...projects].some((p) => !options.allowedProjects!.has(p))) return undefined;
    // Dropping first: from here no ingest runs (it needs `logs`), so group rows are free to lock.
    await sql.exec(`DROP TABLE ${table}`);
    await takeFromGroups(
      sql,
      rows.filter((r) => r.group_id !== null).map((r) => ({ groupId: r.group_id!, projectId: r.project_id, n: Number(r.n) })),
    );
    // Rollup hours are cut from the log's own timestamp, so this day's rollups counted exactly these logs.
    const from = new Date(`${partition.day}T00:00:00Z`);
    // The daily buckets (21:00 UTC) straddle UTC days: they lose exactly the hours deleted.
    await sql.query(
      `WITH gone AS (DELETE FROM log_rollups_hourly WHERE hour >= $1 AND hour < $2 RETURNING project_id, hour, level, environment, count),
       per AS (SELECT project_id, ${dayBucketSql('hour')} AS day, level, environment, sum(count) AS n FROM gone GROUP BY 1, 2, 3, 4)
       UPDATE log_rollups_daily r SET count = r.count - per.n FROM per
       WHERE r.project_id = per.project_id AND r.day = per.day AND r.level = per.level AND r.environment = per.environment`,
      [from, new Date(from.getTime() + 86_400_000)],
    );
    await sql.query(`DELETE FROM log_rollups_daily WHERE day > $1 AND day < $2 AND count <= 0`, [new Date(from.getTime() - 86_400_000), new Date(from.getTime() + 86_400_000)]);
    return { logs: rows.reduce((a, r) => a + Number(r.n), 0), projects };
  });
}

/** The time of a project's oldest log in [from, before), or undefined when it has none there. */
export async function findOldestLogTime(sql: SqlClient, projectId: string, from: Date, before: Date): Promise<Date | undefined> {
  const { rows } = await sql.query<{ t: Date | string | null }>(
    `SELECT min(timestamp) AS t FROM logs WHERE project_id = $1 AND timestamp >= $2 AND timestamp < $3`,
    [projectId, from, before],
  );
  const t = rows[0]?.t;
  return t === null || t === undefined ? undefined : new Date(t);
}

/**
 * Deletes at most `limit` logs of a project in [from, to) in one transaction, and takes them out
 * of their groups and of the hourly rollups in the same transaction. Answers how many went: fewer
 * than `limit` means that range is empty now.
 */
export async function deleteLogChunk(
  database: Pick<DatabaseHandle, 'transaction'>,
  projectId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<number> {
  return database.transaction(async (sql) => {
    const { rows } = await sql.query<{ group_id: string | null; hour: Date | string; level: string; environment: string; n: number }>(
      `WITH victims AS (
         SELECT timestamp, id FROM logs WHERE project_id = $1 AND timestamp >= $2 AND timestamp < $3 ORDER BY timestamp LIMIT $4
       ), gone AS (
         -- The range again on l, so only the day's partition is read (not every partition per chunk).
         DELETE FROM logs l USING victims v
         WHERE l.project_id = $1 AND l.timestamp >= $2 AND l.timestamp < $3 AND l.timestamp = v.timestamp AND l.id = v.id
         RETURNING l.group_id, l.timestamp, l.level, l.environment
       )
       SELECT group_id, date_trunc('hour', timestamp AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, level, environment, count(*)::int AS n
       FROM gone GROUP BY 1, 2, 3, 4`,
      [projectId, from, to, limit],
    );
    if (rows.length === 0) return 0;
    const perGroup = new Map<string, number>();
    const perRollup = new Map<string, { hour: Date; level: string; environment: string; n: number }>();
    for (const r of rows) {
      if (r.group_id) perGroup.set(r.group_id, (perGroup.get(r.group_id) ?? 0) + Number(r.n));
      const hour = new Date(r.hour);
      const key = `${hour.toISOString()}|${r.level}|${r.environment}`;
      const rollup = perRollup.get(key) ?? { hour, level: r.level, environment: r.environment, n: 0 };
      rollup.n += Number(r.n);
      perRollup.set(key, rollup);
    }
    await takeFromGroups(sql, [...perGroup].map(([groupId, n]) => ({ groupId, projectId, n })));
    await takeFromRollups(sql, projectId, [...perRollup.values()]);
    return rows.reduce((a, r) => a + Number(r.n), 0);
  });
}

/**
 * Deletes a project's groups that have no logs left (count 0, last seen before `before`), with
 * their notes. Holds the project's groups lock exclusively, so no ingest transaction is between
 * looking a group up and counting into it. Answers how many went.
 */
export async function deleteEmptyGroups(database: Pick<DatabaseHandle, 'transaction'>, projectId: string, before: Date): Promise<number> {
  return database.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [PROJECT_GROUPS_LOCK, projectId]);
    const { rows } = await sql.query(`DELETE FROM log_groups WHERE project_id = $1 AND count <= 0 AND last_seen < $2 RETURNING id`, [projectId, before]);
    return rows.length;
  });
}

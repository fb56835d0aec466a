import type { DatabaseHandle, SqlClient } from '../connection.js';

/**
 * Runs `fn` in one transaction that first locks the project's row: how a create keeps a
 * per-project count limit exactly. `fn` counts in its own statement, after the lock, so it sees
 * every row committed by a create that held the lock before; counting in the locking statement
 * would read a snapshot from before the wait (52 parallel creates made 51 alert rules against a
 * limit of 50). Undefined, without calling `fn`, when there is no such project.
 */
export async function withProjectLocked<T>(database: Pick<DatabaseHandle, 'transaction'>, projectId: string, fn: (sql: SqlClient) => Promise<T>): Promise<T | undefined> {
  return database.transaction(async (sql) => {
    const locked = await sql.query(`SELECT id FROM projects WHERE id = $1 FOR UPDATE`, [projectId]);
    return locked.rows.length === 0 ? undefined : fn(sql);
  });
}

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle, SqlClient } from './connection.js';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Number used with pg_advisory_lock so concurrent starters migrate one at a time. */
const MIGRATION_LOCK = 0x5e71_0001;

/**
 * Applies the SQL files of `packages/db/migrations` in name order, each once, each in its own
 * transaction, recording them in `schema_migrations`. Safe to run from several processes at
 * once (advisory lock) and on every start.
 */
export function migrate(handle: Pick<DatabaseHandle, 'session'>): Promise<string[]> {
  return handle.session(applyPending);
}

async function applyPending(sql: SqlClient): Promise<string[]> {
  await sql.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await sql.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await sql.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const script = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      const escaped = file.replace(/'/g, "''");
      try {
        await sql.exec(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`);
      } catch (error) {
        await sql.exec('ROLLBACK').catch(() => undefined);
        throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    return applied;
  } finally {
    await sql.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

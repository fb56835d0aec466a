import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';
import { copyChunks } from './copy/copy-rows.js';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface QueryOptions {
  /**
   * Run it as a named prepared statement: PostgreSQL parses and plans it once per connection
   * instead of on every call (on the ingest path that was a third of PostgreSQL's CPU per job).
   * Only for fixed SQL text run often: each distinct text stays prepared on every connection.
   * PGlite ignores it.
   */
  prepare?: boolean;
}

/** Plain SQL access shared by both drivers (migrations, COPY-free bulk statements). */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements without parameters. */
  exec(script: string): Promise<void>;
  /**
   * Runs `COPY … FROM STDIN` with `text` (COPY text format) as its data. Only on one connection
   * of PostgreSQL (a transaction or session); PGlite and the pool have none, callers fall back.
   */
  copyFrom?(statement: string, text: string): Promise<void>;
}

export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: Database;
  sql: SqlClient;
  /** Present in PostgreSQL mode: the pool, for COPY and listen/notify. */
  pool?: pg.Pool;
  /** Runs `fn` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T>;
  /** Runs `fn` on one connection (session-level locks, multi-statement work). */
  session<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: use a real PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** Embedded mode: PGlite keeps its files here. `memory://` keeps them in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size in PostgreSQL mode. Default 10. */
  poolSize?: number | undefined;
  /** PostgreSQL mode: settings of every connection of this pool (`-c name=value` at connect). */
  settings?: Record<string, string | number> | undefined;
}

// Timestamps are read as Date objects; bigint counts as numbers (they stay below 2^53).
pg.types.setTypeParser(20, (value) => Number(value));

/** Opens the database the options name: PostgreSQL when `databaseUrl` is set, else PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.settings);
  return openPglite(options.dataDir ?? 'memory://');
}

/**
 * PostgreSQL ends a transaction whose client has gone silent this long (ms). A process frozen
 * or cut off mid-transaction keeps its connection open, and with it the locks on the rows it
 * wrote: without this, the rerun of a stalled ingest job would wait on them indefinitely.
 * Our transactions only ever wait on their own queries, never on the client, for this long.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 15_000;

/**
 * The pool listens for errors on idle clients only. A checked-out client whose server ends the
 * connection between two queries (a restart, the idle-in-transaction timeout, an operator)
 * emits 'error' with no listener, which would crash the process: note it instead, so the client
 * is dropped on release and the caller's next query fails like any other. Answers the unwatch.
 */
function watchCheckedOut(client: pg.PoolClient, onLost: () => void): () => void {
  const listener = () => onLost();
  client.on('error', listener);
  return () => client.off('error', listener);
}

const statementNames = new Map<string, string>();

/** A prepared statement's name: derived from its text, so one text is one statement everywhere. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `seyir_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

function openPostgres(url: string, max: number, settings: Record<string, string | number> = {}): DatabaseHandle {
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(options ? { options } : {}),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const clientOf = (c: pg.Pool | pg.PoolClient): SqlClient => ({
    query: async <Row>(text: string, params?: unknown[], options?: QueryOptions) =>
      (await (options?.prepare ? c.query({ name: statementName(text), text, values: params }) : c.query(text, params))) as unknown as { rows: Row[] },
    exec: async (script) => {
      await c.query(script);
    },
    ...(c instanceof pg.Pool ? {} : { copyFrom: (statement: string, text: string) => copyChunks(c, statement, [text]) }),
  });
  return {
    kind: 'postgres',
    db,
    sql: clientOf(pool),
    pool,
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken = false;
      const lost = watchCheckedOut(client, () => {
        broken = true;
      });
      try {
        await client.query('BEGIN');
        const result = await fn(clientOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        lost();
        // A connection whose ROLLBACK failed is in an unknown state: drop it from the pool.
        client.release(broken);
      }
    },
    session: async (fn) => {
      const client = await pool.connect();
      let broken = false;
      const lost = watchCheckedOut(client, () => {
        broken = true;
      });
      try {
        return await fn(clientOf(client));
      } finally {
        lost();
        client.release(broken);
      }
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // Loaded only here, in embedded mode: a gateway or worker on PostgreSQL never carries PGlite
  // and its drizzle driver (~15 MB of RSS measured, against the 250 MB bound of bench:ingest).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // pg_trgm serves log search (migration 0005 creates its index where the extension exists).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const sql: SqlClient = {
    query: async <Row>(text: string, params?: unknown[]) => {
      const result = await client.query<Row>(text, params);
      return { rows: result.rows };
    },
    exec: async (script) => {
      await client.exec(script);
    },
  };
  return {
    kind: 'pglite',
    db,
    sql,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await tx.query<Row>(text, params)).rows }),
          exec: async (script) => {
            await tx.exec(script);
          },
        }),
      ),
    // PGlite is one connection already.
    session: (fn) => fn(sql),
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}

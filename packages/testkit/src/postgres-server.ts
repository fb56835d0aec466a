import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findPostgresBin } from './binaries.js';
import { freePort } from './free-port.js';
import { waitFor } from './wait-for.js';

export interface PostgresServer {
  port: number;
  /** URL of the `postgres` database (superuser `postgres`, trust auth, loopback only). */
  adminUrl: string;
  urlFor(database: string): string;
  /** Stops the server abruptly (SIGKILL) or cleanly, keeping the data folder, for fault tests. */
  stop(mode?: 'fast' | 'kill'): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** PostgreSQL refuses to run as root; when we are root we run it as the `postgres` user. */
function runAsArgs(bin: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [bin, args];
  return ['runuser', ['-u', 'postgres', '--', bin, ...args]];
}

/**
 * Starts a throw-away PostgreSQL: initdb in a temp folder, a free port, settings for tests
 * (no fsync). Fails loudly when the binaries are missing — suites that need it must not skip.
 */
export async function startPostgres(options: { settings?: Record<string, string> } = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries (initdb, postgres) not found: run `npm test` once as root, or apt-get install postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'seyir-pg-'));
  const dataDir = join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const [initCmd, initArgs] = runAsArgs(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
    shared_buffers: '256MB',
    ...options.settings,
  };
  const args = ['-D', dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  let child: ChildProcess | undefined;
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const start = async () => {
    const [cmd, cmdArgs] = runAsArgs(join(bin, 'postgres'), args);
    child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`postgres exited (${code}): ${stderr}`))));
    exited.catch(() => undefined);
    await Promise.race([
      waitFor('postgres to accept connections', async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        try {
          await client.connect();
          await client.query('SELECT 1');
          return true;
        } finally {
          await client.end().catch(() => undefined);
        }
      }),
      exited,
    ]);
  };

  // Signals go to the postmaster itself (its pid file), not to `runuser`, which does not pass
  // them on: SIGINT is PostgreSQL's fast shutdown, SIGKILL a crash (the fault tests' case).
  const stop = async (mode: 'fast' | 'kill' = 'fast') => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const done = new Promise((r) => proc.once('exit', r));
    const postmaster = postmasterPid(dataDir);
    if (postmaster) {
      try {
        process.kill(postmaster, mode === 'kill' ? 'SIGKILL' : 'SIGINT');
      } catch {
        /* already gone */
      }
    }
    if (mode === 'kill') {
      // Backends outlive a killed postmaster for a moment; end them too so the port frees.
      try {
        execFileSync('pkill', ['-KILL', '-f', `${dataDir}( |$)`]);
      } catch {
        /* none left */
      }
    }
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await done;
    clearTimeout(timer);
    await waitFor('postgres processes to end', async () => !isRunning(dataDir), 15_000);
  };

  await start();
  return {
    port,
    adminUrl,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    destroy: async () => {
      await stop('fast');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(dataDir: string): boolean {
  try {
    execFileSync('pgrep', ['-f', `${dataDir}( |$)`]);
    return true;
  } catch {
    return false;
  }
}

/** Creates a fresh database from `template` and answers its name. */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await client.end();
  }
}


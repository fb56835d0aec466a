import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Socket } from 'node:net';
import { findRedisServer } from './binaries.js';
import { freePort } from './free-port.js';
import { waitFor } from './wait-for.js';

export interface RedisServer {
  port: number;
  url: string;
  stop(mode?: 'fast' | 'kill'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
  });
}

/**
 * Starts a throw-away redis-server on a free loopback port with AOF on (as production should
 * run it, so a restart keeps queued jobs). Fails loudly when the binary is missing.
 */
export async function startRedis(): Promise<RedisServer> {
  const bin = findRedisServer();
  if (!bin) throw new Error('redis-server not found: run `npm test` once as root, or apt-get install redis-server');
  const dir = mkdtempSync(join(tmpdir(), 'seyir-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction'],
      { stdio: 'ignore' },
    );
    await waitFor('redis to answer PING', () => ping(port), 15_000);
  };
  const stop = async (mode: 'fast' | 'kill' = 'fast') => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const done = new Promise((r) => proc.once('exit', r));
    proc.kill(mode === 'kill' ? 'SIGKILL' : 'SIGTERM');
    await done;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

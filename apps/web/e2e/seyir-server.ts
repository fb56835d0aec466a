import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

/** A running `npm start`-style Seyir: one process, embedded mode, its own data folder and port. */
export interface SeyirServer {
  url: string;
  /** What the process printed so far (shown when something fails). */
  output(): string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/**
 * Starts the gateway as `npm start` does (the compiled `apps/gateway/dist/main.mjs`) in embedded
 * mode: PGlite in a temp SEYIR_DATA_DIR, a free port, no DATABASE_URL/REDIS_URL. Serves the built
 * web app (`apps/web/dist`); the e2e global setup builds both. Resolves once `/readyz` answers 200.
 */
export async function startSeyir(options: { env?: Record<string, string>; readyTimeoutMs?: number } = {}): Promise<SeyirServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'seyir-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEYIR_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['apps/gateway/dist/main.mjs'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, output: () => output, close };
    await new Promise((r) => setTimeout(r, 250));
  }
  await close();
  throw new Error(`Seyir did not become ready at ${url}:\n${output}`);
}

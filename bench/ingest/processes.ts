import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_ARGS } from '../../scripts/server-node-args.mjs';

export const ROOT = join(import.meta.dirname, '..', '..');

/** A Node child process running one of the apps' entry points, with its peak memory readable. */
export interface AppProcess {
  child: ChildProcess;
  /** Peak resident memory so far (VmHWM), MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

let serverBuilt = false;

/**
 * The node arguments that run an app's entry as users run it: the compiled bundle
 * (scripts/build-server.mjs, built once per bench run) — or the TypeScript source through tsx
 * when SEYIR_BENCH_TSX=1, to compare.
 */
function entryArgs(entry: string): string[] {
  const bundle = /^apps\/([^/]+)\/src\/main\.ts$/.exec(entry);
  if (!bundle || process.env.SEYIR_BENCH_TSX === '1') return ['--import', 'tsx', join(ROOT, entry)];
  if (!serverBuilt) execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  serverBuilt = true;
  return [join(ROOT, 'apps', bundle[1]!, 'dist', 'main.mjs')];
}

/** The flags users run an app with (scripts/server-node-args.mjs). */
function nodeArgsOf(entry: string): string[] {
  const app = /^apps\/([^/]+)\//.exec(entry)?.[1];
  return app === 'gateway' || app === 'ingest-worker' ? NODE_ARGS[app] : [];
}

export function startApp(entry: string, env: Record<string, string>): AppProcess {
  // The flags users run the servers with; SEYIR_BENCH_NODE_ARGS adds (or overrides) flags such as --cpu-prof.
  const extra = (process.env.SEYIR_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgsOf(entry), ...extra, ...entryArgs(entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.resume();
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') process.stderr.write(`[bench] ${entry} exited (${code ?? signal})\n`);
  });
  return {
    child,
    peakRssMb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return Math.round(kb / 1024);
      } catch {
        return 0;
      }
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** p-th percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

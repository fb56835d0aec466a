/**
 * `npm run bench:python -- --json`: the Python client's benchmark (clients/python/bench) against
 * the real server — the distributed topology of bench:ingest (PostgreSQL, Redis, a gateway and
 * a worker process) — and then checks in PostgreSQL that every log the client reports delivered
 * was stored. Prints the client's JSON plus `stored` and `lost`.
 * `--sink` runs the client against its own minimal local HTTP sink instead (client cost alone).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../ingest/processes.js';
import { startBenchTopology } from '../ingest/topology.js';
import { cpuMeter } from '../live/child-process-stats.js';
import { dropIndexesFromArgs } from '../lib/drop-indexes.js';

const args = process.argv.slice(2);
const log = (message: string) => process.stderr.write(`[bench:python] ${message}\n`);
// --drop a,b is the server's (see bench/lib/drop-indexes.ts); the rest goes to the client bench.
const dropAt = args.indexOf('--drop');
const passThrough = args.filter((a, i) => a !== '--json' && a !== '--sink' && (dropAt < 0 || (i !== dropAt && i !== dropAt + 1)));

function runClientBench(extra: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [join(ROOT, 'clients/python/bench/run.sh'), '--json', ...passThrough, ...extra], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`client bench exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

async function main(): Promise<void> {
  if (args.includes('--sink')) {
    process.stdout.write(`${JSON.stringify(await runClientBench([]))}\n`);
    return;
  }
  const topology = await startBenchTopology(log);
  try {
    await dropIndexesFromArgs(topology.handle.sql, log);
    const before = await topology.storedLogs();
    // CPU per stored log of each server part, from /proc: what to make cheaper for more logs/s.
    const cpu = cpuMeter(topology.pids());
    log('running the client benchmark against the gateway');
    const result = await runClientBench(['--endpoint', topology.base, '--api-key', topology.apiKey, '--report-delivered']);
    const delivered = Number(result.delivered_logs ?? 0);
    const deadline = Date.now() + 120_000;
    let stored = (await topology.storedLogs()) - before;
    while (stored < delivered && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      stored = (await topology.storedLogs()) - before;
    }
    const cpuUsPerLog: Record<string, number> = cpu.perLog(stored);
    const { delivered_logs: _omit, client_cpu_us_per_log: client, ...published } = result;
    cpuUsPerLog.python_client = Math.round(Number(client ?? 0));
    process.stdout.write(
      `${JSON.stringify({ ...published, server: 'distributed (gateway + 1 worker + PostgreSQL + Redis)', stored, lost: delivered - stored, cpu_us_per_log: cpuUsPerLog })}\n`,
    );
  } finally {
    await topology.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:python failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

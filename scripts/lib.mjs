// Helpers of the two entry commands. Node built-ins only: these run before `npm install`.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\x1b[36m[seyir]\x1b[0m ${message}\n`);
}

/** Runs a command with inherited output; answers its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of any file below `dir` (skipping node_modules, dist and `skip`). */
export function newestFile(dir, skip = []) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.') || skip.includes(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(path) : mtime(path));
  }
  return newest;
}

/** Installs npm dependencies when node_modules is missing or older than the lock file. */
export function ensureNodeModules() {
  const installed = join(ROOT, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && mtime(installed) >= mtime(join(ROOT, 'package-lock.json'))) return;
  // `npm install`, not `npm ci`: with npm's omit-lockfile-registry-resolved setting the lock
  // lacks the optional platform packages of other systems, and `npm ci` refuses such a lock.
  log('npm bağımlılıkları kuruluyor (npm install)…');
  const code = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  if (code !== 0) throw new Error('npm install failed');
}

/** Builds the web app when its sources are newer than its build. */
export function ensureWebBuild() {
  const web = join(ROOT, 'apps', 'web');
  if (!existsSync(join(web, 'package.json'))) return;
  // The browser tests (apps/web/e2e) are not part of the build.
  if (mtime(join(web, 'dist', 'index.html')) > Math.max(newestFile(web, ['e2e']), newestFile(join(ROOT, 'packages', 'domain')))) return;
  log('web arayüzü derleniyor…');
  // NODE_ENV decides React's build: a caller's 'test' or 'development' (vitest sets one) would ship
  // React's development bundle, three times the size.
  const code = run('npm', ['run', 'build', '-w', '@seyir/web'], { env: { ...process.env, NODE_ENV: 'production' } });
  if (code !== 0) throw new Error('web build failed');
}

/** Compiles the gateway and the ingest worker (scripts/build-server.mjs) when a source is newer. */
export function ensureServerBuild() {
  const built = Math.min(mtime(join(ROOT, 'apps', 'gateway', 'dist', 'main.mjs')), mtime(join(ROOT, 'apps', 'ingest-worker', 'dist', 'main.mjs')));
  const sources = Math.max(
    newestFile(join(ROOT, 'apps', 'gateway')),
    newestFile(join(ROOT, 'apps', 'ingest-worker')),
    newestFile(join(ROOT, 'packages')),
    mtime(join(ROOT, 'scripts', 'build-server.mjs')),
    mtime(join(ROOT, 'package-lock.json')),
  );
  if (built > sources) return;
  log('sunucu derleniyor…');
  const code = run(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')]);
  if (code !== 0) throw new Error('server build failed');
}

function has(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function hasPostgres() {
  if (has('initdb') && has('postgres')) return true;
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((v) => existsSync(join(root, v, 'bin', 'initdb')));
}

/**
 * Makes sure the system programs the test suites start are present: PostgreSQL, Redis and
 * Chromium. As root they are installed with apt; otherwise we stop with a one-line instruction.
 */
export function ensureSystemPackages() {
  const missing = [];
  if (!hasPostgres()) missing.push('postgresql');
  if (!has('redis-server')) missing.push('redis-server');
  if (!has('chromium')) missing.push('chromium');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing system packages; run: sudo apt-get install -y ${missing.join(' ')}`);
  }
  log(`sistem paketleri kuruluyor: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }) !== 0) throw new Error('apt-get update failed');
  if (run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env }) !== 0) {
    throw new Error(`apt-get install ${missing.join(' ')} failed`);
  }
}

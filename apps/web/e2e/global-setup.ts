import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './browser';
import { REPO_ROOT } from './seyir-server';

/**
 * Before any browser test: Chromium must be there (fail, never skip), and the web app is built
 * when its sources are newer than `apps/web/dist` (as `npm start` does).
 */
export default async function setup(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` (npm test does it as root) or set CHROMIUM_PATH`);
  }
  execFileSync(process.execPath, ['-e', "import('./scripts/lib.mjs').then((m) => { m.ensureWebBuild(); m.ensureServerBuild(); })"], { cwd: REPO_ROOT, stdio: 'inherit' });
}

#!/usr/bin/env node
// `npm start`: install what is missing, build the web app, then run the whole product in one
// process. Embedded mode (PGlite in SEYIR_DATA_DIR) unless DATABASE_URL and REDIS_URL are set.
import { spawn } from 'node:child_process';
import { ensureNodeModules, ensureWebBuild, log, ROOT } from './lib.mjs';

try {
  ensureNodeModules();
  ensureWebBuild();
} catch (error) {
  process.stderr.write(`Seyir could not start: ${error.message}\n`);
  process.exit(1);
}
log(process.env.DATABASE_URL ? 'dağıtık mod başlatılıyor…' : 'gömülü mod başlatılıyor…');
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/gateway/src/main.ts'], { cwd: ROOT, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

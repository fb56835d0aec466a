#!/usr/bin/env node
// `npm start`: install what is missing, build the web app, then run the whole product in one
// process. Embedded mode (PGlite in SEYIR_DATA_DIR) unless DATABASE_URL and REDIS_URL are set.
import { spawn } from 'node:child_process';
import { ensureNodeModules, ensureServerBuild, ensureWebBuild, log, ROOT } from './lib.mjs';
import { NODE_ARGS } from './server-node-args.mjs';

try {
  ensureNodeModules();
  ensureWebBuild();
  ensureServerBuild();
} catch (error) {
  process.stderr.write(`Seyir could not start: ${error.message}\n`);
  process.exit(1);
}
log(process.env.DATABASE_URL ? 'dağıtık mod başlatılıyor…' : 'gömülü mod başlatılıyor…');
// The compiled gateway (scripts/build-server.mjs): ~80 MB less memory than running it through tsx.
const child = spawn(process.execPath, [...NODE_ARGS.gateway, 'apps/gateway/dist/main.mjs'], { cwd: ROOT, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

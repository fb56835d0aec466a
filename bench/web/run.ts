/**
 * `npm run bench:web -- --json`: builds the web app (production), starts Seyir as `npm start`
 * does (embedded mode, temp data folder), and in headless Debian Chromium measures
 * - `public_js_gz_kb`: gzipped JavaScript the home page loads (target ≤ 150),
 * - `app_js_gz_kb`: gzipped JavaScript the signed-in logs screen loads (target ≤ 300),
 * - `logs_screen_ms`: median time from navigation to a rendered logs table of 50 rows, cold cache
 *   (target < 1,000),
 * with `baseline_nav_ms`, the median navigation to a static file on the same server in the same
 * run (what the box's load alone costs). Flags: --runs N (default 5), --no-build.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { call, ingest, registerUser } from '../../apps/web/e2e/api.js';
import { REPO_ROOT, startSeyir } from '../../apps/web/e2e/seyir-server.js';

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;
const say = (message: string) => process.stderr.write(`[bench:web] ${message}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

if (!args.includes('--no-build')) {
  say('building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@seyir/web'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error('web build failed');
}

/** Gzipped bytes of the app's JavaScript the page fetched (each file once). */
function countScripts(context: BrowserContext): () => Promise<number> {
  const pending: Promise<[string, number]>[] = [];
  context.on('response', (response) => {
    const url = response.url();
    if (/\/assets\/.+\.js$/.test(url)) pending.push(response.body().then((body) => [url, gzipSync(body, { level: 9 }).length]));
  });
  return async () => [...new Map(await Promise.all(pending)).values()].reduce((a, b) => a + b, 0);
}

const seyir = await startSeyir();
let browser: Browser | undefined;
try {
  const user = await registerUser(seyir.url, 'bench');
  const project = await call<{ _id: string }>(seyir.url, '/api/v1/projects/', { method: 'POST', token: user.token, json: { name: 'Bench', environments: ['production'] } });
  const { key } = await call<{ key: string }>(seyir.url, `/api/v1/projects/${project._id}/api-keys/`, { method: 'POST', token: user.token, json: { name: 'bench' } });
  const now = Date.now();
  const levels = ['INFO', 'WARNING', 'ERROR', 'DEBUG', 'CRITICAL'];
  await ingest(
    seyir.url,
    key,
    Array.from({ length: 200 }, (_, i) => ({ message: `Sipariş ${1000 + i} işlendi (${i % 7} ürün)`, level: levels[i % 5], timestamp: new Date(now - i * 1000).toISOString(), host: `web-${i % 3}` })),
  );
  const me = await call(seyir.url, '/api/v1/auth/me', { token: user.token });

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });

  const publicContext = await browser.newContext();
  const publicJs = countScripts(publicContext);
  await (await publicContext.newPage()).goto(`${seyir.url}/`, { waitUntil: 'networkidle' });
  const publicBytes = await publicJs();
  await publicContext.close();

  const logsUrl = `${seyir.url}/projects/${project._id}/logs`;
  const timings: number[] = [];
  const baselines: number[] = [];
  let appBytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    await context.addInitScript(`localStorage.setItem('authToken', ${JSON.stringify(user.token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(me))});`);
    const appJs = countScripts(context);
    const page = await context.newPage();
    await page.goto(logsUrl, { waitUntil: 'commit' });
    // performance.now() counts from the navigation's start (the document's time origin).
    const ms = await page.waitForFunction('document.querySelectorAll("[data-testid=log-row]").length >= 50 ? performance.now() : 0', undefined, { timeout: 60_000, polling: 'raf' });
    timings.push(Math.round(Number(await ms.jsonValue())));
    await page.waitForLoadState('networkidle');
    if (run === 0) appBytes = await appJs();
    await page.goto(`${seyir.url}/favicon.svg`, { waitUntil: 'load' });
    baselines.push(Math.round(Number(await page.evaluate('performance.getEntriesByType("navigation")[0].duration'))));
    await context.close();
  }
  const result = {
    public_js_gz_kb: kb(publicBytes),
    app_js_gz_kb: kb(appBytes),
    logs_screen_ms: median(timings),
    logs_screen_runs_ms: timings,
    baseline_nav_ms: median(baselines),
    // The box's load while measuring: browser timings are CPU-bound and scale with it.
    load_avg_1m: Math.round(loadavg()[0]! * 10) / 10,
    cores: cpus().length,
    targets: { public_js_gz_kb: 150, app_js_gz_kb: 300, logs_screen_ms: 1000 },
  };
  process.stdout.write(args.includes('--json') ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser?.close();
  await seyir.close();
}

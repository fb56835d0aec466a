#!/usr/bin/env node
/* global window, document */
// Screenshots of every screen against a running server, light and dark, desktop and 375 px.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl] [outDir]
// Signs up a throw-away user through the real API, then drives the system Chromium.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const base = process.argv[2] ?? 'http://127.0.0.1:8000';
const out = process.argv[3] ?? 'test-artifacts/screens';
mkdirSync(out, { recursive: true });

async function call(path, init = {}, token) {
  const headers = { ...(init.headers ?? {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(init.json);
  }
  const res = await fetch(`${base}/api/v1${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const suffix = Date.now().toString(36);
const username = `ekran${suffix}`;
const password = 'ekran-sifre-1';
await call('/auth/register', { method: 'POST', json: { username, email: `${username}@example.com`, first_name: 'Deniz', last_name: 'Kaya', password, passwordConfirm: password, terms: true } });
const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', body: new URLSearchParams({ username, password }) }).then((r) => r.json());
const token = login.access_token;
const user = await call('/auth/me', {}, token);
const project = await call('/projects/', { method: 'POST', json: { name: 'Ödeme Servisi', environments: ['production', 'staging'] } }, token);
await call(`/projects/${project._id}/api-keys/`, { method: 'POST', json: { name: 'Üretim sunucusu' } }, token);

const pid = project._id;
const publicRoutes = [['home', '/'], ['features', '/features'], ['pricing', '/pricing'], ['contact', '/contact'], ['login', '/login'], ['register', '/register'], ['404', '/yok-boyle-bir-sayfa']];
const appRoutes = [
  ['dashboard', '/dashboard'],
  ['profile', '/profile'],
  ['projects', '/projects'],
  ['project-new', '/projects/new'],
  ['project-edit', `/projects/${pid}`],
  ['logs', `/projects/${pid}/logs`],
  ['groups', `/projects/${pid}/groups`],
  ['api-keys', `/projects/${pid}/api-keys`],
  ['settings', `/projects/${pid}/settings`],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const problems = [];
const violations = [];
const jsGz = {};
for (const theme of ['light', 'dark']) {
  for (const [width, height, tag] of [[1280, 900, 'desktop'], [375, 812, 'mobile']]) {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme });
      await context.addInitScript(
        ([t, u, th, s]) => {
          try {
            localStorage.setItem('preferences', JSON.stringify({ theme: th }));
            if (s) {
              localStorage.setItem('authToken', t);
              localStorage.setItem('user', JSON.stringify(u));
            }
          } catch {
            // Cross-origin frames (the contact page's map) have no storage for us.
          }
        },
        [token, user, theme, signedIn],
      );
      const page = await context.newPage();
      page.on('pageerror', (e) => problems.push(`${tag}/${theme}: ${e.message}`));
      let scripts = new Map();
      page.on('response', async (r) => {
        if (r.url().endsWith('.js') && r.url().includes('/assets/')) scripts.set(r.url(), gzipSync(await r.body()).length);
      });
      for (const [name, path] of signedIn ? appRoutes : publicRoutes) {
        scripts = new Map();
        // A fresh document per screen, so the JavaScript counted is what that screen loads.
        await page.goto('about:blank');
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        if (theme === 'light' && tag === 'desktop') jsGz[name] = Math.round([...scripts.values()].reduce((a, b) => a + b, 0) / 102.4) / 10;
        await page.addScriptTag({ content: axeSource });
        const result = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })));
        for (const v of result) if (v.impact === 'serious' || v.impact === 'critical') violations.push({ screen: `${name} ${tag}/${theme}`, ...v });
        const horizontal = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (horizontal > 1) problems.push(`${name} ${tag}/${theme}: ${horizontal}px horizontal overflow`);
        await page.screenshot({ path: join(out, `${name}-${tag}-${theme}.png`), fullPage: tag === 'desktop' });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(JSON.stringify({ out, problems, violations, js_gz_kb: jsGz }, null, 2));

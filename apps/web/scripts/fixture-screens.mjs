#!/usr/bin/env node
// Screenshots of the data-heavy screens (dashboard charts, logs, log detail tabs, groups, group
// detail) with made-up API answers, for visual checks while those endpoints are being built.
// Usage: node apps/web/scripts/fixture-screens.mjs <baseUrl serving apps/web/dist> [outDir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const out = process.argv[3] ?? 'test-artifacts/fixture-screens';
mkdirSync(out, { recursive: true });

const now = Date.now();
const iso = (msAgo) => new Date(now - msAgo).toISOString();
const LEVELS = ['INFO', 'WARNING', 'ERROR', 'CRITICAL', 'DEBUG'];
const user = { _id: 'u1', id: 'u1', username: 'deniz', email: 'deniz@example.com', first_name: 'Deniz', last_name: 'Kaya', is_admin: false, created_at: iso(9e9) };
const project = {
  _id: 'p1', id: 'p1', name: 'Ödeme Servisi', environments: ['production', 'staging'], created_at: iso(5e9), owner_id: 'u1', my_role: 'owner',
  team_members: [{ user_id: 'u1', username: 'deniz', email: 'deniz@example.com', role: 'admin', is_owner: true }],
};
const logs = Array.from({ length: 50 }, (_, i) => ({
  _id: `l${i}`, project_id: 'p1', timestamp: iso(i * 97_000), level: LEVELS[i % 5], environment: i % 3 ? 'production' : 'staging', host: `web-${i % 4}`,
  message: i % 5 === 2 ? `ZeroDivisionError: division by zero (sipariş #${1000 + i})` : `Sipariş ${1000 + i} işlendi, süre ${(i * 13) % 900} ms`,
  tags: ['odeme', 'api'], metadata: { request_id: `req-${i}` }, context: { user_id: 42, cart: { items: 3 } },
  exception: i % 5 === 2 ? { type: 'ZeroDivisionError', message: 'division by zero', traceback: 'Traceback (most recent call last):\n  File "app/views.py", line 42, in checkout\n    total = amount / count\nZeroDivisionError: division by zero' } : null,
  request: i % 5 === 2 ? { method: 'POST', url: '/api/checkout', headers: { 'user-agent': 'curl/8.0' } } : null,
  response: i % 5 === 2 ? { status_code: 500, reason_phrase: 'Internal Server Error' } : null,
}));
const groups = Array.from({ length: 8 }, (_, i) => ({
  _id: `g${i}`, sample_message: i % 2 ? 'Veritabanı bağlantısı zaman aşımına uğradı' : `KeyError: 'user_id' (${i})`, level: i % 3 ? 'ERROR' : 'WARNING',
  environment: 'production', tags: ['db', 'odeme', 'api', 'v2', 'eu'].slice(0, i % 6), severity: i % 4 === 0 ? 'high' : 'normal', count: 12 * (i + 1) ** 3,
  is_recent: i < 3, last_seen: iso(i * 3_600_000 + 20_000), first_seen: iso((i + 2) * 86_400_000), users_count: i * 3, status: i === 5 ? 'resolved' : 'unresolved',
}));
const days = Array.from({ length: 7 }, (_, i) => new Date(now - (6 - i) * 86_400_000).toISOString().slice(0, 10));

const answers = [
  [/\/auth\/me$/, user],
  [/\/projects\/$/, [project]],
  [/\/projects\/p1$/, project],
  [/\/projects\/p1\/logs\/stats\/summary/, { total_logs: 12873, level_distribution: { INFO: 8000, WARNING: 2500, ERROR: 1900, CRITICAL: 173, DEBUG: 300 } }],
  [/\/projects\/p1\/logs\/l\d+$/, null],
  [/\/projects\/p1\/logs\/(\?|$)/, { items: logs, total: 12873, skip: 0, limit: 50 }],
  [/\/projects\/p1\/groups\/summary/, { summary: { total_groups: 8, active_groups: 3, error_groups: 5, total_logs: 12873 } }],
  [/\/projects\/p1\/groups\/g\d+\/logs/, { items: logs.slice(0, 20), total: 120 }],
  [/\/projects\/p1\/groups\/g\d+\/notes/, [{ _id: 'n1', text: 'Bağlantı havuzu büyütüldü, izliyoruz.', author: { username: 'deniz' }, created_at: iso(7_200_000) }]],
  [/\/projects\/p1\/groups\/g\d+$/, null],
  [/\/projects\/p1\/groups(\?|$)/, { items: groups, total: 8, pagination: { skip: 0, limit: 20, has_more: false } }],
  [/\/dashboard\/stats/, { totalLogs: 12873, totalLogsChange: 12.5, errorLogs: 2073, errorLogsChange: -4.2, projects: 1, todayLogs: 1432, todayLogsChange: 3 }],
  [/\/dashboard\/logs\/activity/, days.map((date, i) => ({ date, INFO: 900 + i * 80, WARNING: 300 + (i % 3) * 60, ERROR: 200 + i * 15, CRITICAL: 10 + i, DEBUG: 40 }))],
  [/\/dashboard\/logs\/distribution/, LEVELS.map((level, i) => ({ level, count: [8000, 2500, 1900, 173, 300][i] }))],
  [/\/dashboard\/logs\/recent/, logs.slice(0, 10)],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
const errors = [];
for (const theme of ['light', 'dark']) {
  for (const [width, height, tag] of [[1280, 900, 'desktop'], [375, 812, 'mobile']]) {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addInitScript(([u, th]) => {
      try {
        localStorage.setItem('authToken', 'fixture');
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('preferences', JSON.stringify({ theme: th }));
      } catch {
        // about:blank has no storage.
      }
    }, [user, theme]);
    await context.route('**/api/v1/**', (route) => {
      const url = route.request().url();
      const path = url.slice(url.indexOf('/api/v1') + 7);
      for (const [pattern, body] of answers) {
        if (!pattern.test(path)) continue;
        const id = path.match(/\/(l\d+|g\d+)$/)?.[1];
        const value = body ?? (id?.startsWith('l') ? logs.find((l) => l._id === id) : groups.find((g) => g._id === id));
        return route.fulfill({ json: value });
      }
      return route.fulfill({ status: 404, json: { detail: 'İstenen adres bulunamadı.', code: 'NOT_FOUND' } });
    });
    await context.route('**/socket.io/**', (route) => route.abort());
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    for (const [name, path, action] of [
      ['dashboard', '/dashboard'],
      ['logs', '/projects/p1/logs'],
      ['log-detail', '/projects/p1/logs/l2'],
      ['log-detail-exception', '/projects/p1/logs/l2', 'Hata Bilgisi'],
      ['log-detail-request', '/projects/p1/logs/l2', 'HTTP İstek/Yanıt'],
      ['groups', '/projects/p1/groups'],
      ['group-detail', '/projects/p1/groups/g1'],
    ]) {
      await page.goto('about:blank');
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      if (action) await page.getByRole('tab', { name: action }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(out, `${name}-${tag}-${theme}.png`), fullPage: tag === 'desktop' });
    }
    await context.close();
  }
}
await browser.close();
console.log(JSON.stringify({ out, errors }));

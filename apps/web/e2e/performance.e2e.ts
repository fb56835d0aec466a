import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type TestUser } from './api';
import { captureScreen, launchChromium, narrowOverflowPx, openPage } from './browser';
import { startSeyir, type SeyirServer } from './seyir-server';

/**
 * The Performans screen in a real browser, over timing records sent through the real ingest
 * path (`POST /api/ingest/timings`, as the Python integrations send them) with known durations:
 * the routes table shows each route's count, error rate and p95 within the histogram's
 * documented error, and a route's detail lists its slowest requests.
 */
let seyir: SeyirServer;
let browser: Browser;
let owner: TestUser;
let projectId: string;

/** The histogram's bound (1 %, README "Percentiles") plus the screen's rounding. */
const BOUND = 0.01;

/** '951,2 ms' → 951.2, '2,91 sn' → 2910, '1.234 ms' → 1234. */
function displayedMs(text: string): number {
  const [, number, unit] = /([\d.,]+)\s*(ms|sn)/.exec(text) ?? [];
  if (!number) throw new Error(`not a duration: ${text}`);
  const value = Number(number.replace(/\./g, '').replace(',', '.'));
  return unit === 'sn' ? value * 1000 : value;
}

/** Exact nearest-rank percentile of raw durations. */
const exactP = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1]!;

// GET /orders/{id}: 10, 20, …, 1000 ms; every 20th answers 503 (5 %), sent with its request as the client does.
const orders = Array.from({ length: 100 }, (_, k) => {
  const i = k + 1;
  const failed = i % 20 === 0;
  return {
    route: '/orders/{id}',
    method: 'GET',
    status: failed ? 503 : 200,
    duration_ms: i * 10,
    request_id: `siparis-${i}`,
    ...(failed ? { request: { url: `https://shop.example/orders/${i}`, method: 'GET' }, response: { status_code: 503 } } : {}),
  };
});
// POST /checkout: 1,050 … 3,000 ms, no errors.
const checkout = Array.from({ length: 40 }, (_, k) => ({ route: '/checkout', method: 'POST', status: 200, duration_ms: 1000 + (k + 1) * 50, request_id: `odeme-${k + 1}` }));

beforeAll(async () => {
  [seyir, browser] = await Promise.all([startSeyir(), launchChromium()]);
  owner = await registerUser(seyir.url, 'performans');
  projectId = (await call<{ _id: string }>(seyir.url, '/api/v1/projects', { method: 'POST', token: owner.token, json: { name: 'Mağaza' } }))._id;
  const { key } = await call<{ key: string }>(seyir.url, `/api/v1/projects/${projectId}/api-keys/`, { method: 'POST', token: owner.token, json: { name: 'e2e' } });
  // Ten requests a batch, as a busy client flushes: each batch keeps its slowest request with detail.
  for (const records of [orders, checkout]) {
    for (let i = 0; i < records.length; i += 10) {
      const answer = await call<{ accepted: number }>(seyir.url, '/api/ingest/timings', { method: 'POST', json: records.slice(i, i + 10), headers: { 'X-Seyir-Key': key } });
      expect(answer.accepted).toBe(Math.min(10, records.length - i));
    }
  }
});

afterAll(async () => {
  await browser?.close();
  await seyir?.close();
});

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

describe('Performans screen', () => {
  it('shows the seeded routes with their count, error rate and p95, and a route with its slowest requests', async () => {
    const { page, errors, context } = await openPage(browser, seyir.url);
    await page.goto('/login');
    await page.getByLabel('Kullanıcı adı').fill(owner.username);
    await page.getByLabel('Şifre').fill(owner.password);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL(/\/dashboard/);

    // From the sidebar, as a user gets there: open the project's section, then 'Performans'.
    const nav = page.getByRole('navigation').filter({ has: page.getByRole('button', { name: 'Mağaza' }) });
    await nav.getByRole('button', { name: 'Mağaza' }).click();
    await nav.getByRole('link', { name: 'Performans' }).click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/performance$`));
    const table = page.getByRole('region', { name: 'Rotalar' }).getByRole('table');
    const row = (route: string) => table.getByRole('row').filter({ hasText: route });
    await poll(() => table.getByRole('row').count()).toBe(3); // header + two routes
    // Columns: route, requests, requests/min, error rate, p50, p95, p99, p95 change.
    const ordersCells = await row('/orders/{id}').getByRole('cell').allTextContents();
    const checkoutCells = await row('/checkout').getByRole('cell').allTextContents();
    expect(ordersCells[0]).toMatch(/^GET\s*\/orders\/\{id\}$/);
    expect(checkoutCells[0]).toMatch(/^POST\s*\/checkout$/);
    expect(ordersCells[1]).toBe('100');
    expect(ordersCells[3]).toBe('%5');
    expect(checkoutCells[1]).toBe('40');
    expect(checkoutCells[3]).toBe('%0');
    for (const [cells, durations] of [
      [ordersCells, orders.map((r) => r.duration_ms)],
      [checkoutCells, checkout.map((r) => r.duration_ms)],
    ] as const) {
      const exact = exactP([...durations], 0.95);
      const shown = displayedMs(cells[5]!);
      // The screen rounds to 0.1 ms below a second and to 0.01 s above.
      const rounding = exact >= 1000 ? 5 : 0.05;
      expect(Math.abs(shown - exact), `p95 ${cells[5]} vs exact ${exact} ms`).toBeLessThanOrEqual(exact * BOUND + rounding);
    }
    // Sorted by request count: the busier route first.
    expect(await table.getByRole('row').nth(1).textContent()).toContain('/orders/{id}');
    expect.soft(await captureScreen(page, 'performance'), 'axe-core serious/critical violations').toEqual({ light: [], dark: [] });
    expect.soft(await narrowOverflowPx(page, 'performance'), 'scrolls sideways at 375 px').toBe(0);

    await row('/orders/{id}').getByRole('link').click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/performance/routes/\\d+`));
    const slowest = page.getByRole('region', { name: 'En yavaş istekler' }).getByRole('table');
    // Kept: the five failed requests (sent with their detail) and the slowest of each other batch.
    await poll(() => slowest.getByRole('row').count()).toBe(11);
    const first = await slowest.getByRole('row').nth(1).getByRole('cell').allTextContents();
    // Columns: time, duration, status, reason, environment, logs.
    expect(first.slice(1, 5)).toEqual(['1 sn', '503', 'Hata', 'production']);
    expect(await slowest.getByRole('row').nth(2).getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['900 ms', '200', 'En yavaş']),
    );
    expect(await slowest.getByRole('row').nth(1).getByRole('link', { name: 'Logları gör' }).getAttribute('href')).toBe(
      `/projects/${projectId}/logs?q=${encodeURIComponent('context.request_id:"siparis-100"')}`,
    );
    expect.soft(await captureScreen(page, 'performance-route'), 'axe-core serious/critical violations').toEqual({ light: [], dark: [] });

    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ingest, registerUser, type TestUser } from './api';
import { join } from 'node:path';
import { ARTIFACTS, captureScreen, launchChromium, narrowOverflowPx, openPage, type TestPage } from './browser';
import { startSeyir, type SeyirServer } from './seyir-server';

/**
 * The search language in a real browser: typing a query with suggestions from the project's own
 * recent fields, running it, saving it as a view and opening that view from the sidebar.
 */
let seyir: SeyirServer;
let browser: Browser;
let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  [seyir, browser] = await Promise.all([startSeyir(), launchChromium()]);
  owner = await registerUser(seyir.url, 'sorgu');
  projectId = (await call<{ _id: string }>(seyir.url, '/api/v1/projects', { method: 'POST', token: owner.token, json: { name: 'Mağaza' } }))._id;
  const { key } = await call<{ key: string }>(seyir.url, `/api/v1/projects/${projectId}/api-keys/`, { method: 'POST', token: owner.token, json: { name: 'e2e' } });
  await ingest(seyir.url, key, [
    { message: 'Ödeme alınamadı', level: 'ERROR', tags: ['payments'], metadata: { user_id: 42 } },
    { message: 'Sepet güncellendi', level: 'INFO', tags: ['cart'], metadata: { user_id: 7 } },
    { message: 'Stok sayıldı', level: 'INFO' },
  ]);
});

/** Playwright-style waiting for values: up to 30 s on a busy box. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

/** The first defined answer of `read`, polled like `poll`. */
async function eventually<T>(read: () => Promise<T | undefined>): Promise<T> {
  let value: T | undefined;
  await poll(async () => (value = await read())).toBeDefined();
  return value as T;
}

afterAll(async () => {
  await browser?.close();
  await seyir?.close();
});

/** A fresh page signed in as the owner, on the dashboard. */
async function signedIn(): Promise<TestPage> {
  const opened = await openPage(browser, seyir.url);
  const { page } = opened;
  await page.goto('/login');
  await page.getByLabel('Kullanıcı adı').fill(owner.username);
  await page.getByLabel('Şifre').fill(owner.password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL(/\/dashboard/);
  return opened;
}

/** Light and dark shots with axe-core, and a 375 px shot that must not scroll sideways. */
async function checkScreen(page: TestPage['page'], name: string): Promise<void> {
  expect.soft(await captureScreen(page, name), `axe-core serious/critical violations on ${name}`).toEqual({ light: [], dark: [] });
  expect.soft(await narrowOverflowPx(page, name), `${name} scrolls sideways at 375 px`).toBe(0);
}

describe('query language and saved views', () => {
  it('types a query with suggestions, runs it, saves it as a view and opens it from the sidebar', async () => {
    const { page, errors, context } = await signedIn();

    await page.goto(`/projects/${projectId}/logs`);
    const rows = page.getByTestId('log-row');
    await poll(() => rows.count()).toBe(3);

    // Field names come from the project's recent logs, then that field's values.
    const box = page.getByRole('combobox', { name: 'Ara' });
    await box.click();
    await box.pressSequentially('meta');
    await page.getByRole('option', { name: /metadata\.user_id/ }).click();
    await poll(() => box.inputValue()).toBe('metadata.user_id:');
    await page.getByRole('option', { name: /^42/ }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'query-suggestions.png') });
    await page.getByRole('option', { name: /^42/ }).click();
    await poll(() => box.inputValue()).toBe('metadata.user_id:42 ');
    await box.press('Enter');
    await poll(() => rows.count()).toBe(1);
    await poll(() => rows.first().textContent()).toContain('Ödeme alınamadı');

    // A wrong query says where, in Turkish, and is not run.
    await box.fill('metadata.user_id:42 (');
    await box.press('Enter');
    await page.getByText('21. karakterde hata: "(" kapatılmamış; bir ")" ekleyin.').waitFor();
    await box.fill('metadata.user_id:42');

    // Save the applied query as a view; it appears in the sidebar under the project.
    await page.getByRole('button', { name: 'Görünüm olarak kaydet' }).click();
    await page.getByLabel('Görünüm adı').fill('Kullanıcı 42');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const sidebarViews = page.getByRole('list', { name: 'Görünümler' });
    await sidebarViews.getByRole('link', { name: 'Kullanıcı 42' }).waitFor();

    // From the unfiltered screen, the sidebar link brings the query back.
    await page.getByRole('link', { name: 'Loglar', exact: true }).click();
    await poll(() => rows.count()).toBe(3);
    await sidebarViews.getByRole('link', { name: 'Kullanıcı 42' }).click();
    await poll(() => rows.count()).toBe(1);
    await poll(() => box.inputValue()).toBe('metadata.user_id:42');
    await page.getByText('Görünüm: Kullanıcı 42').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves a view with a custom-field column; opened from the sidebar, the table shows that column with each log’s value', async () => {
    const { page, errors, context } = await signedIn();
    await page.goto(`/projects/${projectId}/logs`);
    const rows = page.getByTestId('log-row');
    await poll(() => rows.count()).toBe(3);

    await page.getByRole('button', { name: 'Görünüm olarak kaydet' }).click();
    await page.getByLabel('Görünüm adı').fill('Kullanıcı sütunu');
    const custom = page.getByLabel('Özel alan', { exact: true });
    // A wrong name says why, in Turkish, next to the field.
    await custom.fill('user_id');
    await page.getByRole('button', { name: 'Sütun ekle' }).click();
    await page.getByText(/Özel alan metadata, context, request, response ya da exception ile başlamalı/).waitFor();
    await custom.fill('metadata.user_id');
    await page.getByRole('button', { name: 'Sütun ekle' }).click();
    await page.getByRole('button', { name: 'metadata.user_id sütununu kaldır' }).waitFor();
    await page.getByLabel('Etiketler').check();
    await checkScreen(page, 'logs-view-editor');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const sidebarViews = page.getByRole('list', { name: 'Görünümler' });
    await sidebarViews.getByRole('link', { name: 'Kullanıcı sütunu' }).waitFor();

    // Away and back through the sidebar: the view's columns, with the values of each log.
    await page.getByRole('link', { name: 'Loglar', exact: true }).click();
    await page.getByRole('columnheader', { name: 'metadata.user_id' }).waitFor({ state: 'detached' });
    await sidebarViews.getByRole('link', { name: 'Kullanıcı sütunu' }).click();
    await page.getByRole('columnheader', { name: 'metadata.user_id' }).waitFor();
    await poll(() => rows.count()).toBe(3);
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim().toLocaleLowerCase('tr-TR'))).toEqual(['zaman', 'seviye', 'mesaj', 'ortam', 'host', 'etiketler', 'metadata.user_id']);
    const valueOf = async (message: string) => {
      const row = rows.filter({ hasText: message });
      const cells = await row.getByRole('cell').allTextContents();
      return { tags: cells[5], userId: cells[6] };
    };
    await poll(() => valueOf('Ödeme alınamadı')).toEqual({ tags: 'payments', userId: '42' });
    expect(await valueOf('Sepet güncellendi')).toEqual({ tags: 'cart', userId: '7' });
    expect(await valueOf('Stok sayıldı')).toEqual({ tags: '—', userId: '—' });
    await checkScreen(page, 'logs-view-columns');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches groups with the same box: status:unresolved from the suggestions, a Turkish error at the wrong character, the query kept in the address', async () => {
    // One group resolved, so status:unresolved has something to leave out.
    const listed = await call<{ items: { _id: string; sample_message: string }[] }>(seyir.url, `/api/v1/projects/${projectId}/groups?days=30`, { token: owner.token });
    const stock = listed.items.find((g) => g.sample_message.includes('Stok'));
    expect(stock).toBeDefined();
    await call(seyir.url, `/api/v1/projects/${projectId}/groups/${stock!._id}`, { method: 'PATCH', token: owner.token, json: { status: 'resolved' } });

    const { page, errors, context } = await signedIn();
    await page.goto(`/projects/${projectId}/groups`);
    const rows = page.getByTestId('group-row');
    await poll(() => rows.count()).toBe(3);

    const box = page.getByRole('combobox', { name: 'Ara', exact: true });
    await box.click();
    await box.pressSequentially('st');
    await page.getByRole('option', { name: 'status' }).click();
    await page.getByRole('option', { name: 'unresolved' }).click();
    await poll(() => box.inputValue()).toBe('status:unresolved ');
    await box.press('Enter');
    await poll(() => rows.count()).toBe(2);
    expect(await rows.allTextContents()).not.toContainEqual(expect.stringContaining('Stok sayıldı'));
    await poll(() => new URL(page.url()).searchParams.get('q')).toBe('status:unresolved');
    await checkScreen(page, 'groups-query');

    // A field groups do not have: the error names the character, and nothing is sent.
    await box.fill('status:unresolved host:web-1');
    await box.press('Enter');
    await page.getByText('19. karakterde hata: "host" alanı hata gruplarında kullanılamaz; loglar ekranında arayın.').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('status:unresolved');
    expect(await rows.count()).toBe(2);

    // The address alone opens the same list (a shared link).
    await page.goto(`/projects/${projectId}/groups?${new URLSearchParams({ q: 'tags:payments' })}`);
    await poll(() => rows.count()).toBe(1);
    await poll(() => box.inputValue()).toBe('tags:payments');
    expect(await rows.first().textContent()).toContain('Ödeme alınamadı');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens filtered lists from links: the performance screen’s “Logları gör”, a shared address; changed filters go back into the address', async () => {
    // A slow failing request and the log it wrote, tied by the request id.
    const { key } = await call<{ key: string }>(seyir.url, `/api/v1/projects/${projectId}/api-keys/`, { method: 'POST', token: owner.token, json: { name: 'perf' } });
    await call(seyir.url, '/api/ingest/timings', { method: 'POST', json: [{ route: '/checkout', method: 'POST', status: 500, duration_ms: 2400, request_id: 'req-e2e-1' }], headers: { 'X-Seyir-Key': key } });
    await ingest(seyir.url, key, [{ message: 'Ödeme servisi zaman aşımı', level: 'ERROR', context: { request_id: 'req-e2e-1' } }]);
    const routeId = await eventually(async () => (await call<{ items: { id: string }[] }>(seyir.url, `/api/v1/projects/${projectId}/performance/routes`, { token: owner.token })).items[0]?.id);

    const { page, errors, context } = await signedIn();
    await page.goto(`/projects/${projectId}/performance/routes/${routeId}`);
    await page.getByRole('link', { name: 'Logları gör' }).first().click();
    await page.waitForURL(/\/logs\?/);
    const rows = page.getByTestId('log-row');
    const box = page.getByRole('combobox', { name: 'Ara', exact: true });
    await poll(() => box.inputValue()).toBe('context.request_id:"req-e2e-1"');
    await poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Ödeme servisi zaman aşımı')]);

    // A changed filter goes into the address, with the query kept; Back brings the previous list.
    await box.fill('');
    await page.getByLabel('Seviye').selectOption('INFO');
    await page.getByRole('button', { name: 'Filtrele' }).click();
    await poll(() => rows.count()).toBe(2);
    await poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ level: 'INFO' });
    await page.goBack();
    await poll(() => box.inputValue()).toBe('context.request_id:"req-e2e-1"');
    await poll(() => rows.count()).toBe(1);

    // A shared address opens the same filtered list in a fresh session.
    const shared = `/projects/${projectId}/logs?${new URLSearchParams({ q: 'metadata.user_id:7 OR tags:payments', level: 'INFO' })}`;
    const other = await signedIn();
    await other.page.goto(shared);
    const otherRows = other.page.getByTestId('log-row');
    await poll(() => otherRows.allTextContents()).toEqual([expect.stringContaining('Sepet güncellendi')]);
    expect(await other.page.getByRole('combobox', { name: 'Ara', exact: true }).inputValue()).toBe('metadata.user_id:7 OR tags:payments');
    expect(await other.page.getByLabel('Seviye').inputValue()).toBe('INFO');
    expect(other.errors).toEqual([]);
    await other.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by dates written and picked in Turkish: a Turkish calendar, the range in the address, a shared ISO instant read back', async () => {
    const { page, errors, context } = await signedIn();
    await page.goto(`/projects/${projectId}/logs`);
    const rows = page.getByTestId('log-row');
    await poll(() => rows.count()).toBeGreaterThan(0);

    const start = page.getByLabel('Başlangıç', { exact: true });
    expect(await start.getAttribute('placeholder')).toBe('gg.aa.yyyy ss:dd');
    await page.getByRole('button', { name: 'Başlangıç: takvimi aç' }).click();
    const calendar = page.getByRole('dialog', { name: 'Başlangıç takvimi' });
    const months = ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'];
    // The browser's own clock and zone (Istanbul), not the test process's.
    const [month, year] = await page.evaluate(() => [new Date().getMonth(), new Date().getFullYear()]);
    const now = new Date(year!, month!, 15);
    await calendar.getByRole('grid', { name: `${months[now.getMonth()]} ${now.getFullYear()}` }).waitFor();
    await checkScreen(page, 'logs-date-picker');
    // The 1st of this month: before every log of this test run (or the same day).
    await calendar.getByRole('button', { name: new RegExp(`^(Bugün, )?1 ${months[now.getMonth()]} ${now.getFullYear()} `) }).click();
    const first = `01.${String(now.getMonth() + 1).padStart(2, '0')}.${now.getFullYear()} 00:00`;
    await poll(() => start.inputValue()).toBe(first);
    await page.getByRole('button', { name: 'Filtrele' }).click();
    const localStart = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01T00:00`;
    await poll(() => new URL(page.url()).searchParams.get('start_time')).toBe(localStart);
    await poll(() => rows.count()).toBeGreaterThan(0);

    // A wrong date says how to write it, in Turkish.
    const end = page.getByLabel('Bitiş', { exact: true });
    await end.fill('12/31/2026');
    await end.blur();
    await page.getByText('Tarih gg.aa.yyyy ss:dd biçiminde olmalıdır (ör. 05.03.2025 14:30).').waitFor();

    // A shared link's ISO instant reads back in Turkish, in the browser's zone (Istanbul, UTC+3);
    // a start after every log leaves nothing.
    await page.goto(`/projects/${projectId}/logs?${new URLSearchParams({ start_time: '2099-03-05T11:30:00.000Z' })}`);
    await page.getByText('Log bulunamadı.').waitFor();
    expect(await start.inputValue()).toBe('05.03.2099 14:30');

    expect(errors).toEqual([]);
    await context.close();
  });
});

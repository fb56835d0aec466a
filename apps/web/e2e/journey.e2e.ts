import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, ingest, uniqueName, type TestUser } from './api';
import { captureScreen, launchChromium, narrowOverflowPx, openPage, settle, type TestPage } from './browser';
import { startSeyir, type SeyirServer } from './seyir-server';

/**
 * The issue-7 journey in one browser, each step building on the last: register → login → project
 * → API key → logs posted to the ingest endpoint appear live → log detail tabs → groups → group
 * detail → dashboard charts → a viewer member sees no admin actions → member removed → logout.
 * Every screen is shot light and dark and scanned with axe-core on the way.
 */

let seyir: SeyirServer;
let browser: Browser;
let tab: TestPage;
let page: Page;

const owner = { username: uniqueName('sahip'), password: 'Guclu-sifre-42', email: '' };
owner.email = `${owner.username}@example.com`;
let viewer: TestUser;
let projectId = '';
let apiKey = '';

/** Shoots and scans the current screen; axe findings are soft so the run lists every screen's. */
async function screen(name: string): Promise<void> {
  const found = await captureScreen(page, name);
  expect.soft(found, `axe-core serious/critical violations on ${name}`).toEqual({ light: [], dark: [] });
  expect.soft(await narrowOverflowPx(page, name), `${name} scrolls sideways at 375 px`).toBe(0);
}

async function signIn(username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.getByRole('heading', { name: /^Merhaba, / }).waitFor();
}

async function signOut(): Promise<void> {
  await page.getByRole('button', { name: 'Kullanıcı menüsü' }).click();
  await page.getByRole('button', { name: 'Çıkış Yap' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Opens a screen of the project through the sidebar (unfolding its menu), as a user would. */
async function openProjectScreen(name: 'Loglar' | 'Log Grupları' | 'API Anahtarları' | 'Erişim Ayarları'): Promise<void> {
  const sidebar = page.getByRole('complementary', { name: 'Kenar çubuğu' });
  const project = sidebar.getByRole('button', { name: 'Ödeme Servisi' });
  await project.waitFor();
  if ((await project.getAttribute('aria-expanded')) !== 'true') await project.click();
  await sidebar.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

beforeAll(async () => {
  [seyir, browser] = await Promise.all([startSeyir(), launchChromium()]);
  tab = await openPage(browser, seyir.url);
  page = tab.page;
});

afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
  await seyir?.close();
});

describe('a user journey in Chromium against npm start', () => {
  it('shows every public screen', async () => {
    for (const [name, path, heading] of [
      ['home', '/', null],
      ['features', '/features', null],
      ['pricing', '/pricing', null],
      ['contact', '/contact', null],
      ['register', '/register', 'Kayıt Ol'],
      ['login', '/login', 'Giriş Yap'],
      ['not-found', '/yok-boyle-bir-sayfa', 'Sayfa Bulunamadı'],
    ] as const) {
      await page.goto(path);
      if (heading) await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      else await page.locator('main h1').first().waitFor();
      await screen(name);
    }
  });

  it('registers and logs in through the forms', async () => {
    await page.goto('/register');
    await page.locator('input[name="username"]').fill(owner.username);
    await page.locator('input[name="email"]').fill(owner.email);
    await page.locator('input[name="first_name"]').fill('Deniz');
    await page.locator('input[name="last_name"]').fill('Kaya');
    await page.locator('input[name="password"]').fill(owner.password);
    await page.locator('input[name="passwordConfirm"]').fill(owner.password);
    await page.locator('input[name="terms"]').check();
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(owner.username, owner.password);
    expect(await page.getByRole('heading', { name: 'Merhaba, Deniz!' }).isVisible()).toBe(true);
    await screen('dashboard-empty');
  });

  it('creates a project', async () => {
    await page.goto('/projects/new');
    await page.getByRole('heading', { name: 'Yeni Proje', level: 1 }).waitFor();
    await screen('project-new');
    await page.locator('input[name="name"]').fill('Ödeme Servisi');
    await page.getByRole('button', { name: 'Projeyi Oluştur' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    projectId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name: 'Ödeme Servisi', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Değişiklikleri Kaydet' }).waitFor();
    await screen('project-edit');
    await page.goto('/projects');
    await page.getByRole('link', { name: /Ödeme Servisi/ }).first().waitFor();
    await screen('projects');
  });

  it('creates an API key and shows it once in full', async () => {
    await openProjectScreen('API Anahtarları');
    await page.locator('input[name="name"]').fill('Üretim sunucusu');
    await page.getByRole('button', { name: 'Oluştur' }).click();
    apiKey = (await page.getByTestId('full-key').textContent())?.trim() ?? '';
    expect(apiKey).toMatch(/^seyir_/);
    await page.getByRole('region', { name: 'API Anahtarları' }).getByRole('cell', { name: 'Üretim sunucusu', exact: true }).waitFor();
    await screen('api-keys');
  });

  it('shows logs posted to the ingest endpoint live, without a reload', async () => {
    await openProjectScreen('Loglar');
    await page.getByText('Log bulunamadı.').waitFor();
    await page.getByText('Canlı', { exact: true }).waitFor();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const now = Date.now();
    const answer = await ingest(seyir.url, apiKey, [
      { message: 'Sipariş 1001 işlendi', level: 'INFO', timestamp: new Date(now - 3000).toISOString(), tags: ['odeme'] },
      { message: 'Stok azaldı: ürün 42', level: 'WARNING', timestamp: new Date(now - 2000).toISOString() },
      {
        message: 'ZeroDivisionError: division by zero',
        level: 'ERROR',
        timestamp: new Date(now - 1000).toISOString(),
        host: 'web-1',
        tags: ['odeme', 'api'],
        context: { user: { id: 7 } },
        exception: { type: 'ZeroDivisionError', value: 'division by zero', traceback: 'Traceback (most recent call last):\n  File "app.py", line 3, in pay\nZeroDivisionError: division by zero' },
        request: { method: 'POST', url: 'https://shop.example.com/api/pay', headers: { 'user-agent': 'curl/8' } },
        response: { status_code: 500 },
      },
    ]);
    expect(answer.accepted).toBe(3);
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 30_000 }).toBe(3);
    expect(await page.getByTestId('log-row').first().textContent()).toContain('ZeroDivisionError');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // The count cards follow the live logs too (total, errors, warnings, info).
    await expect.poll(() => page.getByText('Toplam Log').locator('..').textContent()).toContain('3');
    await screen('logs');
  });

  it("opens a log's detail with its four tabs", async () => {
    await page.getByRole('link', { name: 'ZeroDivisionError: division by zero' }).first().click();
    await page.getByRole('tablist', { name: 'Log Detayı' }).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Genel Bilgiler', 'Hata Bilgisi', 'Bağlam', 'HTTP İstek/Yanıt']);
    await screen('log-detail');
    for (const [name, shows] of [
      ['Hata Bilgisi', 'Traceback (most recent call last)'],
      ['Bağlam', '"id": 7'],
      ['HTTP İstek/Yanıt', 'https://shop.example.com/api/pay'],
    ] as const) {
      await page.getByRole('tab', { name }).click();
      await page.getByRole('tabpanel').getByText(shows, { exact: false }).first().waitFor();
      await screen(`log-detail-${name === 'Hata Bilgisi' ? 'exception' : name === 'Bağlam' ? 'context' : 'http'}`);
    }
  });

  it("lists the groups and opens a group's detail", async () => {
    await openProjectScreen('Log Grupları');
    await expect.poll(() => page.getByTestId('group-row').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await screen('groups');
    await page.getByTestId('group-row').filter({ hasText: 'ZeroDivisionError' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Görülme Sıklığı' }).waitFor();
    await page.getByRole('button', { name: 'Çözüldü Olarak İşaretle' }).waitFor();
    await page.getByRole('region', { name: 'Bu Grubun Logları' }).getByTestId('log-row').first().waitFor();
    await screen('group-detail');
  });

  it('draws the dashboard charts from the data', async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Merhaba, Deniz!' }).waitFor();
    const donut = page.getByRole('img', { name: /^Seviye Dağılımı: / });
    await expect.poll(() => donut.getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/Hata: 1/);
    expect(await donut.getAttribute('aria-label')).toMatch(/Bilgi: 1/);
    await page.locator('#activity-title ~ * canvas, [aria-labelledby="activity-title"] canvas').first().waitFor();
    await page.getByRole('region', { name: 'Son Loglar' }).getByTestId('log-row').first().waitFor();
    await settle(page);
    await screen('dashboard');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profil Ayarları', level: 1 }).waitFor();
    await screen('profile');
  });

  it('adds a member as viewer; the viewer sees no admin actions', async () => {
    viewer = await registerUser(seyir.url, 'izleyici');
    await page.goto(`/projects/${projectId}/settings`);
    await page.getByRole('heading', { name: 'Erişim Ayarları', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Üye Ekle' }).click();
    await page.getByRole('searchbox', { name: 'Kullanıcı ara' }).fill(viewer.username.slice(0, 8));
    await page.getByRole('button', { name: new RegExp(viewer.username) }).click();
    await page.getByRole('combobox', { name: 'Rol' }).selectOption('viewer');
    await page.getByRole('button', { name: 'Ekle', exact: true }).click();
    const table = page.getByRole('region', { name: 'Erişim Ayarları' });
    const viewerRow = table.getByRole('row').filter({ hasText: `${viewer.username}@example.com` });
    await viewerRow.waitFor();
    expect(await viewerRow.textContent()).toContain('Görüntüleyici');
    await screen('settings');
    await signOut();

    await signIn(viewer.username, viewer.password);
    await page.goto(`/projects/${projectId}/settings`);
    await page.getByRole('heading', { name: 'Erişim Ayarları', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Erişim Ayarları' }).getByRole('row').filter({ hasText: owner.email }).waitFor();
    expect(await page.getByRole('button', { name: 'Üye Ekle' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'İşlemler' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /projeden çıkar$/ }).count()).toBe(0);
    await screen('settings-viewer');
    await page.goto(`/projects/${projectId}/api-keys`);
    await page.getByRole('region', { name: 'API Anahtarları' }).getByRole('cell', { name: 'Üretim sunucusu', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Oluştur' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Devre Dışı Bırak' }).count()).toBe(0);
    await screen('api-keys-viewer');
    await page.goto(`/projects/${projectId}/logs`);
    await expect.poll(() => page.getByTestId('log-row').count()).toBe(3);
    await signOut();
  });

  it('removes the member and logs out', async () => {
    await signIn(owner.username, owner.password);
    await page.goto(`/projects/${projectId}/settings`);
    const table = page.getByRole('region', { name: 'Erişim Ayarları' });
    const viewerRow = table.getByRole('row').filter({ hasText: `${viewer.username}@example.com` });
    await viewerRow.waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `${viewer.username} kullanıcısını projeden çıkar` }).click();
    await expect.poll(() => viewerRow.count()).toBe(0);
    // The owner's own row has no remove button.
    expect(await page.getByRole('button', { name: `${owner.username} kullanıcısını projeden çıkar` }).count()).toBe(0);
    await signOut();
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user')])).toEqual([null, null]);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(tab.errors).toEqual([]);
  });
});

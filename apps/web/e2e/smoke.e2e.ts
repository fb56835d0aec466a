import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, seriousA11yViolations } from './browser';
import { startSeyir, type SeyirServer } from './seyir-server';

let seyir: SeyirServer;
let browser: Browser;

beforeAll(async () => {
  [seyir, browser] = await Promise.all([startSeyir(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await seyir?.close();
});

describe('npm start in a real browser', () => {
  it('serves the built app: the home page renders, a deep link falls back to it, an unknown path says Sayfa Bulunamadı', async () => {
    const { page, errors, context } = await openPage(browser, seyir.url);
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'Kayıt Ol' }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await page.goto('/projects/00000000-0000-0000-0000-000000000000/logs');
    await page.getByRole('heading', { name: 'Giriş Yap' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goto('/yok-boyle-bir-sayfa');
    await page.getByRole('heading', { name: 'Sayfa Bulunamadı' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the axe-core scan reports a serious violation when there is one (so a clean scan means something)', async () => {
    const { page, context } = await openPage(browser, seyir.url);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Giriş Yap' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.innerHTML = '<svg width="10" height="10"></svg>';
      document.querySelector('main')!.append(button);
    });
    expect((await seriousA11yViolations(page)).map((v) => v.id)).toContain('button-name');
    await context.close();
  });
});

import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from './seyir-server';

/** Debian's Chromium (`npm test` apt-installs it as root); never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where screenshots go (gitignored). */
export const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'e2e');

/**
 * Generous waits: this runs on busy 2-core CI boxes. Every wait in the suite goes through
 * playwright's auto-waiting with these defaults instead of sleeps.
 */
export const ACTION_TIMEOUT_MS = 30_000;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--lang=tr-TR'],
    timeout: 60_000,
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors so far; a test should end with none. */
  errors: string[];
}

/** A fresh context (own storage) at 1280×900 in Turkish, following the OS theme (light to start). */
export async function openPage(browser: Browser, baseURL: string, options: { width?: number; height?: number } = {}): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: 'light',
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(60_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export type Theme = 'light' | 'dark';

/** Switches the OS colour scheme and waits until the app (theme 'system') follows it. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, theme === 'dark');
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core (WCAG 2 A/AA rules and best practices) in the page; answers its serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!injected) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Waits until nothing shows a loading state (`aria-busy`, the app's spinners, an indeterminate
 * progress bar; a progress bar with a value is content) and fonts are in, so shots are stable.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .animate-spin, [role="progressbar"]:not([aria-valuenow])') && document.fonts.status === 'loaded',
  );
}

/**
 * Shoots the screen in light and dark (`test-artifacts/e2e/<name>-light.png`, `-dark.png`) and
 * scans each with axe-core. Answers the serious/critical violations per theme, for the test to
 * assert (softly, so one run lists every screen's problems).
 */
export async function captureScreen(page: Page, name: string): Promise<Record<Theme, AxeViolation[]>> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const found = {} as Record<Theme, AxeViolation[]>;
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await settle(page);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${theme}.png`), fullPage: true, animations: 'disabled' });
    found[theme] = await seriousA11yViolations(page);
  }
  await useTheme(page, 'light');
  return found;
}

/**
 * Shows the screen at a phone's width (375 px), shoots it (`<name>-375.png`) and answers by
 * how many pixels the page is wider than the window (0: nothing needs sideways scrolling).
 * The window's size is restored after.
 */
export async function narrowOverflowPx(page: Page, name: string): Promise<number> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    await settle(page);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-375.png`), fullPage: true, animations: 'disabled' });
    return await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
  } finally {
    await page.setViewportSize(size);
  }
}

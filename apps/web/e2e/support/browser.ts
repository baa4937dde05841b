import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs, chromiumPath } from './context.ts';

export const e2e = inject('e2e');

export const desktop = { width: 1440, height: 900 } as const;
export const phone = { width: 375, height: 812 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs],
  });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
}

export interface TabOptions {
  /**
   * Whether the app's service worker may register (docs/architecture.md#service-worker). Blocked
   * unless a test is about it: a worker would answer the later navigations from its cache and
   * download the whole build in the background of every test.
   */
  serviceWorkers?: 'allow' | 'block';
  /** Another server than the suite's (e2e/support/server.ts). */
  baseUrl?: string;
}

/** A fresh browser profile (no cookies, empty storage) with one page on the test server. */
export async function openTab(
  browser: Browser,
  viewport: { width: number; height: number } = desktop,
  options: TabOptions = {},
): Promise<Tab> {
  const context = await browser.newContext({
    baseURL: options.baseUrl ?? e2e.baseUrl,
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(e2e.artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const password = 'chanterelle-42';

/** Resolves once the app shows this path. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

export async function heading(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.first().waitFor();
  return (await h1.first().textContent()) ?? '';
}

/** The login page's form: fill email and password, press the mode's button. */
export async function submitCredentials(
  page: Page,
  mode: 'Sign in' | 'Create account',
  email: string,
  secret: string = password,
): Promise<void> {
  if (mode === 'Create account') await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: mode, exact: true }).click();
}

/** A new account through the UI, ending on the home page. */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await submitCredentials(page, 'Create account', email);
  await waitForPath(page, '/');
  await page.getByRole('heading', { name: /^Hello, / }).waitFor();
  await dismissTutorial(page);
}

/**
 * A new account's tutorial flag is on, so the tutorial dialog opens over the home map once
 * its preferences are read; Skip (like any way of closing it) turns the flag off for good.
 * The tutorial e2e covers the tutorial itself.
 */
export async function dismissTutorial(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Add a spot' });
  await dialog.waitFor();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/preferences/tutorial') &&
      response.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await dialog.waitFor({ state: 'detached' });
  await saved;
}

export async function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/**
 * Resolves once the map's markers have kept their places for `quietMs` (the map has finished a
 * flight: MapLibre gives the page no DOM signal, and on a loaded machine a flight's last frames
 * land well after its duration). Fails if the map is still moving after 15 s.
 */
export async function mapAtRest(page: Page, quietMs = 400): Promise<void> {
  const places = () =>
    page
      .locator('.maplibregl-marker')
      .evaluateAll((markers) => markers.map((marker) => marker.style.transform).join('|'));
  let last = await places();
  let stillSince = Date.now();
  const deadline = stillSince + 15_000;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    const now = await places();
    if (now !== last) {
      last = now;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= quietMs) return;
  }
  throw new Error('The map was still moving after 15 s');
}

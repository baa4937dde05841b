import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  e2e,
  heading,
  launchBrowser,
  openTab,
  password,
  phone,
  screenshot,
  signUp,
  storedItem,
  submitCredentials,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';
import { readResetLink } from './support/outbox.ts';

const storeKey = 'foraging-journal-store';

interface StoredJournal {
  state?: {
    speciesCategories?: Record<string, string[]>;
    terrainOptions?: { custom?: string[] };
    treeOptions?: { custom?: string[] };
  };
}

async function storedCategories(page: Page): Promise<string[]> {
  const text = await storedItem(page, storeKey);
  const stored = text ? (JSON.parse(text) as StoredJournal) : {};
  return Object.keys(stored.state?.speciesCategories ?? {});
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForPath(page, '/login');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
}

describe.skipIf(e2e.skip)('signing up, out and in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('looks right on a phone and on a desktop', async () => {
    for (const [name, viewport] of [
      ['login-375x812', phone],
      ['login-1440x900', desktop],
    ] as const) {
      const { page, context } = await openTab(browser, viewport);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in to your journal' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await screenshot(page, name);
      await context.close();
    }
  });

  it('signs up, signs out (forgetting the user and the journal), then signs in again', async () => {
    const { page, context } = await openTab(browser);
    const email = uniqueEmail('flow');
    await signUp(page, email);
    expect(await heading(page)).toBe(`Hello, ${email.split('@')[0] ?? ''}`);
    expect(await storedItem(page, 'lastLoggedInUser')).toMatch(/\S+/);
    // The store fetched the new user's species lists and keeps them in local storage.
    await expect.poll(() => storedCategories(page), { timeout: 10_000 }).not.toEqual([]);
    await screenshot(page, 'home-1440x900');

    await signOut(page);
    expect(await storedItem(page, 'lastLoggedInUser')).toBeNull();
    expect(await storedCategories(page)).toEqual([]);
    const stored = await storedItem(page, storeKey);
    if (stored) {
      const journal = JSON.parse(stored) as StoredJournal;
      expect(journal.state?.terrainOptions?.custom ?? []).toEqual([]);
      expect(journal.state?.treeOptions?.custom ?? []).toEqual([]);
    }

    await page.goto('/');
    await waitForPath(page, '/login');

    await submitCredentials(page, 'Sign in', email);
    await waitForPath(page, '/');
    expect(await heading(page)).toMatch(/^Hello, flow-/);
    await context.close();
  });

  it("shows the server's message inline and keeps the button usable", async () => {
    const { page, context } = await openTab(browser);
    const email = uniqueEmail('wrong');
    await signUp(page, email);
    await signOut(page);

    await submitCredentials(page, 'Sign in', email, 'not-the-password');
    // Toasts are alerts too: the inline error is the one inside the page's main part.
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/already exists/i);
    await context.close();
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const { page, context } = await openTab(browser, phone);
    const email = uniqueEmail('reset');
    await signUp(page, email);
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await page.evaluate(() => document.body.dataset.menuOpen)).toBe('true');
    // Let the menu finish fading in before the picture.
    await page.waitForFunction(
      () => getComputedStyle(document.getElementById('app-nav') ?? document.body).opacity === '1',
    );
    await screenshot(page, 'home-menu-375x812');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/login');
    // The address changes first; the menu's flag goes when React has replaced the page.
    await page.waitForFunction(() => document.body.dataset.menuOpen === undefined, null, {
      timeout: 10_000,
    });
    expect(await page.evaluate(() => document.body.dataset.menuOpen)).toBeUndefined();

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`Reset email sent to ${email}.`).waitFor();

    const link = await readResetLink(e2e.dataDir, email);
    await page.goto(link);
    const newPassword = 'porcini-2025';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(page, '/login');
    expect(new URL(page.url()).search).toBe('?reset=done');
    await page
      .getByText('Your password has been changed. Sign in with your new password.')
      .waitFor();

    await submitCredentials(page, 'Sign in', email, newPassword);
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: /^Hello, reset-/ }).waitFor();
    await context.close();
  });
});

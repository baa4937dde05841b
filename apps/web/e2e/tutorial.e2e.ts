import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  e2e,
  launchBrowser,
  openTab,
  phone,
  screenshot,
  submitCredentials,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';
import { preferencesSaved, readPreferences } from './support/preferences.ts';

const otherPages = [
  ['/locations', 'Locations'],
  ['/settings', 'Settings'],
  ['/profile', 'Profile'],
  ['/help', 'Help'],
] as const;

const tutorial = (page: Page) => page.getByRole('dialog', { name: 'Add a spot' });

/** The page is up and has had time to read the flag: no dialog means none will come. */
async function expectNoTutorial(page: Page): Promise<void> {
  await page.waitForTimeout(1200);
  expect(await page.getByRole('dialog').count()).toBe(0);
}

async function visitHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: /^Hello, / }).waitFor({ state: 'attached' });
}

describe.skipIf(e2e.skip)('the tutorial: once, on the home map only', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows on home only, stays off after Skip, in a new browser too; Help plays it again', async () => {
    const email = uniqueEmail('tutorial');
    const first = await openTab(browser, phone);
    await first.page.goto('/login');
    await submitCredentials(first.page, 'Create account', email);
    await waitForPath(first.page, '/');
    await tutorial(first.page).waitFor();
    await screenshot(first.page, 'tutorial-home-375x812');
    await first.page.getByRole('button', { name: 'Next' }).click();
    await first.page.getByRole('dialog', { name: 'Draw its patch' }).waitFor();
    await screenshot(first.page, 'tutorial-step2-375x812');

    // A new user: on the other pages, no tutorial over content it does not describe.
    for (const [path, title] of otherPages) {
      await first.page.goto(path);
      await first.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expectNoTutorial(first.page);
    }

    // Still on for the home map; Skip turns the flag off on the server.
    await visitHome(first.page);
    await tutorial(first.page).waitFor();
    const saved = preferencesSaved(first.page, '/tutorial');
    await first.page.getByRole('button', { name: 'Skip' }).click();
    expect((await saved).status()).toBe(200);
    expect((await readPreferences(first.page)).showTutorial).toBe(false);

    await first.page.reload();
    await first.page.getByRole('heading', { name: /^Hello, / }).waitFor({ state: 'attached' });
    await expectNoTutorial(first.page);
    for (const [path, title] of [...otherPages, ['/', /^Hello, /] as const]) {
      await first.page.goto(path);
      await first.page
        .getByRole('heading', { level: 1, name: title })
        .waitFor({ state: 'attached' });
      await expectNoTutorial(first.page);
    }
    await first.context.close();

    // A new browser context (another device) for the same user: still off.
    const second = await openTab(browser, phone);
    await second.page.goto('/login');
    await submitCredentials(second.page, 'Sign in', email);
    await waitForPath(second.page, '/');
    await second.page.getByRole('heading', { name: /^Hello, / }).waitFor({ state: 'attached' });
    await expectNoTutorial(second.page);

    // Help starts it again, over the home map; closing it turns the flag off again.
    await second.page.goto('/help');
    await second.page.getByRole('button', { name: 'Play the tutorial again' }).click();
    await waitForPath(second.page, '/');
    await tutorial(second.page).waitFor();
    await screenshot(second.page, 'tutorial-from-help-375x812');
    const closed = preferencesSaved(second.page, '/tutorial');
    await second.page.getByRole('button', { name: 'Close tutorial' }).click();
    await closed;
    await tutorial(second.page).waitFor({ state: 'detached' });
    await second.context.close();
  });

  it('Settings turns it on again: it plays on the next visit to the home map', async () => {
    const { page, context } = await openTab(browser, phone);
    await page.goto('/login');
    await submitCredentials(page, 'Create account', uniqueEmail('tutorial-settings'));
    await tutorial(page).waitFor();
    await page.keyboard.press('Escape');
    await tutorial(page).waitFor({ state: 'detached' });
    await page.goto('/settings');
    const toggle = page.getByRole('switch', { name: 'Show the tutorial on the home map' });
    await page.waitForFunction(
      () => document.querySelector('#tutorial-switch')?.getAttribute('aria-checked') === 'false',
    );
    await screenshot(page, 'settings-tutorial-off-375x812');
    const saved = preferencesSaved(page, '/tutorial');
    await toggle.click();
    await saved;
    expect((await readPreferences(page)).showTutorial).toBe(true);
    await visitHome(page);
    await tutorial(page).waitFor();
    await context.close();
  });
});

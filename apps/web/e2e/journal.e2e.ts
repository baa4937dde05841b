import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  e2e,
  launchBrowser,
  openTab,
  password,
  phone,
  screenshot,
  signUp,
  submitCredentials,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';

/** Spots through the API with the page's own session (cookie → ID token → bearer). */
async function createSpots(page: Page, count: number): Promise<void> {
  await page.evaluate(async (total) => {
    const tokenAnswer = await fetch('/api/auth/token', { credentials: 'include' });
    const { token } = (await tokenAnswer.json()) as { token: string };
    const categories = ['mushrooms', 'berries', 'herbs'];
    for (let i = 0; i < total; i += 1) {
      const response = await fetch('/api/v1/locations', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: `Spot ${String(i).padStart(3, '0')}`,
          position: { lat: 50 + i * 0.001, lng: 8 + i * 0.001 },
          categories: [categories[i % 3]],
          favorite: i % 7 === 0,
        }),
      });
      if (!response.ok) throw new Error(`POST /locations answered ${response.status}`);
    }
  }, count);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe.skipIf(e2e.skip)('the journal pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists, searches and opens spots; only a window of rows is in the page', async () => {
    for (const [name, viewport] of [
      ['locations-375x812', phone],
      ['locations-1440x900', desktop],
    ] as const) {
      const { page, context } = await openTab(browser, viewport);
      await signUp(page, uniqueEmail('list'));
      await page.goto('/locations');
      await page.getByRole('link', { name: 'Add your first spot on the map' }).waitFor();
      await createSpots(page, 240);
      await page.reload();
      await page.getByText('Showing all 240 spots').waitFor();
      const rows = await page.locator('.location-item').count();
      expect(rows).toBeGreaterThan(4);
      expect(rows).toBeLessThan(40);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // The list fills the viewport below the controls, and scrolls on its own.
      const box = await page.getByTestId('location-scroll').boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      expect(box?.height ?? 0).toBeGreaterThan(150);
      await screenshot(page, name);

      // A phrase: the words "spot" and "01" apart would also find Spot 001 and Spot 101.
      await page.getByLabel('Search spots').fill('"spot 01"');
      await page.getByText('Showing 10 of 240 spots').waitFor();
      await page.getByRole('button', { name: /Favourites only/ }).click();
      await page.getByText('Showing 1 of 240 spots').waitFor();
      await page.getByRole('link', { name: /Spot 014/ }).click();
      await waitForPath(page, '/');
      expect(new URL(page.url()).searchParams.get('location')).toBeTruthy();
      await context.close();
    }
  });

  it('edits the lists in settings, and they survive a reload', async () => {
    const { page, context } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('settings'));
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'mushrooms' }).waitFor();
    await page.getByLabel('New category').fill('nuts');
    await page.getByLabel('New category').press('Enter');
    await page.getByRole('heading', { name: 'nuts' }).waitFor();
    await page.getByLabel('New species in nuts').fill('hazel');
    await page.getByLabel('New species in nuts').press('Enter');
    await page.getByLabel('New terrain type').fill('forest');
    await page.getByLabel('New terrain type').press('Enter');
    await page.getByText('“Forest” is already in the list.').waitFor();
    await page.getByRole('switch', { name: 'Show the tutorial on the home map' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-375x812');
    await page.waitForTimeout(500);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('heading', { name: 'nuts' }).waitFor();
    expect(await page.getByText('hazel').count()).toBe(1);
    await context.close();
  });

  it('renames, changes the password and deletes the account', async () => {
    const { page, context } = await openTab(browser, desktop);
    const email = uniqueEmail('profile');
    await signUp(page, email);
    await page.goto('/profile');
    await page.getByLabel('Name', { exact: true }).fill('Ada Forager');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Name saved.').waitFor();
    expect(await page.getByTestId('profile-name').textContent()).toBe('Ada Forager');

    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill('hazelnut-77');
    await page.getByLabel('Repeat new password').fill('hazelnut-77');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Password changed/).waitFor();
    await screenshot(page, 'profile-1440x900');

    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Your password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('That password is not right.').waitFor();
    await dialog.getByLabel('Your password').fill('hazelnut-77');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await waitForPath(page, '/login');
    await page.getByText('Your account and all its data were deleted.').waitFor();

    await submitCredentials(page, 'Sign in', email, 'hazelnut-77');
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows help on a phone without overflow', async () => {
    const { page, context } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('help'));
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Questions' }).waitFor();
    await page.getByText('Do my photos reveal where I took them?').click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'help-375x812');
    await context.close();
  });
});

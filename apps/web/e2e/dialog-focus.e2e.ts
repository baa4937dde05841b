import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, signUp, uniqueEmail } from './support/browser.ts';
import { desktop1280, forestTab } from './support/forest.ts';
import { createSpots } from './support/journal.ts';
import { api } from './support/seasons-journal.ts';

/**
 * Issue 32 item 9: every dialog, opened from the keyboard, gives focus back to the control
 * that opened it when it closes (Esc, or its own Cancel/Close), and axe finds nothing serious
 * in it. The saved map areas dialog has its own tests (offline-areas.e2e.ts).
 */

/** What has focus, as "TAG:text" (a button's name). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName}:${active.textContent?.trim() ?? ''}` : 'none';
  });

async function seriousAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

/**
 * Opens a dialog with Enter on `opener`, checks it is open and clean, closes it the given way
 * and answers what has focus then.
 */
async function roundTrip(
  page: Page,
  opener: Locator,
  dialogName: string,
  close: (dialog: Locator) => Promise<void> = () => page.keyboard.press('Escape'),
): Promise<{ before: string; after: string; axe: string[] }> {
  await opener.focus();
  const before = await focused(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  // Focus went into the dialog.
  expect(await dialog.evaluate((root) => root.contains(document.activeElement))).toBe(true);
  const axe = await seriousAxe(page);
  await close(dialog);
  await dialog.waitFor({ state: 'detached' });
  return { before, after: await focused(page), axe };
}

describe.skipIf(e2e.skip)('dialog focus', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('returns to the opener when each dialog closes, by Esc or by its own button (desktop, keyboard)', async () => {
    const { page, context } = await forestTab(browser, desktop1280);
    await signUp(page, uniqueEmail('dialog-focus'));
    const [spotId = ''] = await createSpots(page, [
      { name: 'Focus glade', position: { lat: 50.1, lng: 8.1 } },
    ]);
    await api(page, `/locations/${spotId}/entries`, { date: '2025-09-01', notes: 'ceps' });

    const checks: [string, { before: string; after: string; axe: string[] }][] = [];
    await page.goto('/locations');
    checks.push([
      'Export',
      await roundTrip(
        page,
        page.getByRole('button', { name: 'Export', exact: true }),
        'Export spots',
      ),
    ]);
    checks.push([
      'Import',
      await roundTrip(
        page,
        page.getByRole('button', { name: 'Import', exact: true }),
        'Import spots',
      ),
    ]);
    checks.push([
      'Sync',
      await roundTrip(page, page.locator('.sync-status'), 'Sync', (dialog) =>
        dialog.getByRole('button', { name: 'Close' }).click(),
      ),
    ]);

    await page.goto(`/?location=${spotId}`);
    const panel = page.getByRole('complementary', { name: 'Focus glade' });
    await panel.waitFor();
    checks.push([
      'Share',
      await roundTrip(page, panel.getByRole('button', { name: 'Share' }), 'Share spots'),
    ]);
    checks.push([
      'Delete spot',
      await roundTrip(
        page,
        panel.locator('.location-details').getByRole('button', { name: 'Delete', exact: true }),
        'Delete spot?',
        (dialog) => dialog.getByRole('button', { name: 'Cancel' }).click(),
      ),
    ]);
    const entry = panel.getByRole('article', { name: /^Entry of / });
    checks.push([
      'Delete entry',
      await roundTrip(page, entry.getByRole('button', { name: /^Delete/ }), 'Delete entry?'),
    ]);

    // Deleting the spot takes the panel, its Delete button and its marker: focus goes to Add a
    // spot (the empty journal's card has it now), not to the page's body.
    await panel
      .locator('.location-details')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete spot?' })
      .getByRole('button', { name: 'Delete spot' })
      .click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('BUTTON:Add a spot');

    await page.goto('/profile');
    checks.push([
      'Delete account',
      await roundTrip(
        page,
        page.getByRole('button', { name: /^Delete account/ }),
        'Delete your account?',
      ),
    ]);

    for (const [name, { before, after, axe }] of checks) {
      expect(after, `${name}: focus after closing`).toBe(before);
      expect(axe, `${name}: axe`).toEqual([]);
    }
    await context.close();
  });
});

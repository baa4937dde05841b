import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFor } from '../bench/map-idle.ts';
import { api } from '../bench/seed.ts';
import {
  desktop,
  e2e,
  launchBrowser,
  openTab,
  screenshot,
  waitForPath,
} from './support/browser.ts';
import { gridJournal, startWithJournal, type LargeJournal } from './support/large-journal.ts';

// The default spot quota: the largest journal a user can have.
const total = 20_000;
const countText = `${total} spots on the map`;

describe.skipIf(e2e.skip)('a journal with 20,000 spots', () => {
  let browser: Browser;
  let journal: LargeJournal;
  beforeAll(async () => {
    browser = await launchBrowser();
    journal = await startWithJournal(gridJournal(total));
  }, 120_000);
  afterAll(async () => {
    await browser.close();
    await journal?.stop();
  });

  it('draws them all as clusters, lists them to the last row, and takes one change by sync', async () => {
    const { baseUrl } = journal.server;
    const { page, context } = await openTab(browser, desktop, { baseUrl });
    await context.addCookies(cookiesFor(baseUrl, journal.user.cookie));
    await page.goto('/');
    await page.getByText(countText).waitFor({ state: 'attached', timeout: 90_000 });

    const clusters = page.locator('.map-cluster');
    await clusters.first().waitFor();
    const bubbles = await clusters.count();
    const clustered = await clusters.evaluateAll((buttons) =>
      buttons.reduce((sum, button) => sum + Number(button.textContent), 0),
    );
    expect(bubbles).toBeGreaterThan(0);
    expect(bubbles).toBeLessThan(total / 100);
    expect(clustered).toBeGreaterThan(total / 2);
    await screenshot(page, 'scale-map-1440x900');

    // The list: all of them counted, only a window of rows in the page.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Locations' })
      .click();
    await waitForPath(page, '/locations');
    await page.getByText(`Showing all ${total} spots`).waitFor({ timeout: 30_000 });
    await page.getByLabel('Sort by').selectOption('name');
    const rows = page.locator('.location-item');
    await page.getByRole('link', { name: /^Spot 00000/ }).waitFor();
    expect(await rows.count()).toBeLessThan(40);
    expect(await rows.first().getAttribute('aria-setsize')).toBe(String(total));

    const scroller = page.getByTestId('location-scroll');
    const toEnd = () =>
      scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await toEnd();
    const last = page.getByRole('link', { name: /^Spot 19999/ });
    await last.waitFor();
    expect(await last.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^Spot 00000/ }).count()).toBe(0);
    expect(await rows.count()).toBeLessThan(40);
    const lastRow = page.locator('.location-item', { has: last });
    expect(await lastRow.getAttribute('aria-posinset')).toBe(String(total));
    await screenshot(page, 'scale-locations-end-1440x900');

    // One change elsewhere (another device): the first spot renamed to sort last. Sync now
    // brings it, and only it: the list keeps every spot, and the renamed one is now the last.
    const [first] = journal.journal;
    if (!first) throw new Error('an empty journal');
    const renamed = await api(baseUrl, journal.user, 'PUT', `/locations/${first.id}`, {
      name: 'Spot 99999, renamed',
    });
    expect(renamed.status).toBe(200);
    const syncs: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v1/sync') syncs.push(response.status());
    });
    await page.locator('.sync-status').click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.keyboard.press('Escape');
    await toEnd();
    const moved = page.getByRole('link', { name: /^Spot 99999, renamed/ });
    await moved.waitFor({ timeout: 30_000 });
    const movedRow = page.locator('.location-item', { has: moved });
    expect(await movedRow.getAttribute('aria-posinset')).toBe(String(total));
    expect(await movedRow.getAttribute('aria-setsize')).toBe(String(total));
    expect(syncs.length).toBeGreaterThan(0);
    expect(new Set(syncs)).toEqual(new Set([200]));
    await page.getByText(`Showing all ${total} spots`).waitFor();
    await context.close();
  }, 240_000);
});

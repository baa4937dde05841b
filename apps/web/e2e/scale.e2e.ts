import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  e2e,
  launchBrowser,
  openTab,
  screenshot,
  signUp,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';
import { createSpots, type NewSpot } from './support/journal.ts';

const total = 2000;
const countText = `${total} spots on the map`;
const categories = ['mushrooms', 'berries', 'herbs'];

/** A 50 × 40 grid over a region the size of Germany, names in a known order. */
function manySpots(): NewSpot[] {
  return Array.from({ length: total }, (_, i) => ({
    name: `Spot ${String(i).padStart(4, '0')}`,
    position: { lat: 47.5 + (i % 50) * 0.15, lng: 6 + Math.floor(i / 50) * 0.2 },
    categories: [categories[i % 3] ?? 'mushrooms'],
  }));
}

describe.skipIf(e2e.skip)('a journal with 2,000 spots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('renders them as clusters quickly, and lists them in a virtual list that scrolls to the end', async () => {
    const { page, context } = await openTab(browser, desktop);
    await signUp(page, uniqueEmail('scale'));
    const seeding = Date.now();
    const ids = await createSpots(page, manySpots(), 20);
    console.log(`FIGURE seed-2000-through-api: ${Date.now() - seeding} ms`);
    expect(new Set(ids).size).toBe(total);

    // The moment the live region first says all spots are drawn, relative to navigation start.
    await page.addInitScript((expected: string) => {
      const record = () => {
        const region = document.querySelector('[data-testid="map-spot-count"]');
        if (region?.textContent === expected && !('__firstRender' in window)) {
          Object.assign(window, { __firstRender: performance.now() });
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(record);
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    }, countText);
    const started = Date.now();
    await page.goto('/');
    await page.getByText(countText).waitFor({ state: 'attached', timeout: 60_000 });
    const waited = Date.now() - started;
    const firstRender = await page.evaluate(() =>
      '__firstRender' in window ? Number(window.__firstRender) : null,
    );
    const ms = Math.round(firstRender ?? waited);
    console.log(`FIGURE time-to-first-render-2000: ${ms} ms`);
    expect(ms).toBeLessThan(30_000);

    const clusters = page.locator('.map-cluster');
    await clusters.first().waitFor();
    const bubbles = await clusters.count();
    const clustered = await clusters.evaluateAll((buttons) =>
      buttons.reduce((sum, button) => sum + Number(button.textContent), 0),
    );
    console.log(`FIGURE clusters-2000: ${bubbles} bubbles holding ${clustered} spots`);
    expect(bubbles).toBeGreaterThan(0);
    expect(bubbles).toBeLessThan(total / 10);
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
    await page.getByRole('link', { name: /^Spot 0000/ }).waitFor();
    expect(await rows.count()).toBeLessThan(40);
    expect(await rows.first().getAttribute('aria-setsize')).toBe(String(total));

    const scroller = page.getByTestId('location-scroll');
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const last = page.getByRole('link', { name: /^Spot 1999/ });
    await last.waitFor();
    expect(await last.isVisible()).toBe(true);
    await page.getByRole('link', { name: /^Spot 1998/ }).waitFor();
    expect(await page.getByRole('link', { name: /^Spot 0000/ }).count()).toBe(0);
    expect(await rows.count()).toBeLessThan(40);
    const lastRow = page.locator('.location-item', { has: last });
    expect(await lastRow.getAttribute('aria-posinset')).toBe(String(total));
    await screenshot(page, 'scale-locations-end-1440x900');
    await context.close();
  }, 180_000);
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  e2e,
  launchBrowser,
  openTab,
  phone,
  screenshot,
  signUp,
  uniqueEmail,
} from './support/browser.ts';
import { patchToolbar } from './support/journal.ts';

interface NewSpot {
  name: string;
  position: { lat: number; lng: number };
  categories: string[];
}

/** Twelve spots: nine in one wood (they cluster), three scattered across the region. */
function someSpots(): NewSpot[] {
  const categories = ['mushrooms', 'berries', 'herbs'];
  const wood = Array.from({ length: 9 }, (_, i) => ({
    name: `Wood spot ${i + 1}`,
    position: { lat: 50.1 + (i % 3) * 0.002, lng: 8.6 + Math.floor(i / 3) * 0.002 },
    categories: [categories[i % 3] ?? 'mushrooms'],
  }));
  const scattered = [
    { name: 'Riverside mint', position: { lat: 50.4, lng: 8.1 }, categories: ['herbs'] },
    { name: 'Hilltop blueberries', position: { lat: 49.8, lng: 9.2 }, categories: ['berries'] },
    { name: 'Old beech morels', position: { lat: 50.6, lng: 9.0 }, categories: ['mushrooms'] },
  ];
  return [...wood, ...scattered];
}

/** Creates spots through the API with the page's own session (cookie → ID token → bearer). */
async function createSpots(page: Page, spots: NewSpot[]): Promise<string[]> {
  return page.evaluate(async (list) => {
    const tokenAnswer = await fetch('/api/auth/token', { credentials: 'include' });
    const { token } = (await tokenAnswer.json()) as { token: string };
    const ids: string[] = [];
    for (const spot of list) {
      const response = await fetch('/api/v1/locations', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(spot),
      });
      if (!response.ok) throw new Error(`POST /locations answered ${response.status}`);
      const body = (await response.json()) as { id?: string; data?: { id?: string } };
      ids.push(body.id ?? body.data?.id ?? '');
    }
    return ids;
  }, spots);
}

describe.skipIf(e2e.skip)('the map home', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('guides a new user from the empty state to the new-spot form (phone)', async () => {
    const { page, context } = await openTab(browser, phone);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signUp(page, uniqueEmail('map-new'));

    const card = page.getByRole('region', { name: 'Add your first spot' });
    await card.waitFor();
    // No internet here: the map still draws, on its plain background, and says so once.
    await page.locator('.maplibregl-canvas').waitFor();
    await page.getByText('Map tiles unavailable').waitFor();
    await page.getByText('No spots on the map yet').waitFor({ state: 'attached' });
    await page.waitForTimeout(600);
    await screenshot(page, 'map-empty-375x812');

    await card.getByRole('button', { name: 'Add a spot' }).click();
    await page.getByText('Tap the map where you found something').waitFor();
    expect(await card.count()).toBe(0);
    await page.locator('.maplibregl-canvas').click({ position: { x: 180, y: 360 } });

    const sheet = page.getByRole('complementary', { name: 'New spot' });
    await sheet.waitFor();
    await page.getByRole('img', { name: 'New spot' }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'map-new-spot-375x812');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws spots as clusters and markers, and opens one from ?location= (desktop)', async () => {
    const { page, context } = await openTab(browser, desktop);
    await signUp(page, uniqueEmail('map-spots'));
    const ids = await createSpots(page, someSpots());
    expect(ids.filter(Boolean)).toHaveLength(12);

    await page.reload();
    await page.getByText('12 spots on the map').waitFor({ state: 'attached', timeout: 30_000 });
    const clusters = page.locator('.map-cluster');
    // The count above comes with the data; the bubbles come once the map has drawn.
    await clusters.first().waitFor({ timeout: 30_000 });
    expect(await clusters.count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'Add your first spot' }).count()).toBe(0);
    // The loading status covers the canvas while it is hidden, and goes once it is shown.
    await page.locator('.maplibregl-canvas[data-shown]').waitFor({ timeout: 10_000 });
    expect(await page.getByText('Loading the map…').isVisible()).toBe(false);
    await page.waitForTimeout(500);
    await screenshot(page, 'map-spots-1440x900');

    // A cluster zooms in on click: fewer spots inside clusters afterwards.
    const before = await clusters.first().textContent();
    await clusters.first().click();
    await page.waitForFunction(
      (count) => {
        const bubbles = [...document.querySelectorAll('.map-cluster')];
        return !bubbles.some((bubble) => bubble.textContent === count);
      },
      before,
      { timeout: 10_000 },
    );

    await page.goto(`/?location=${ids[9] ?? ''}`);
    const panel = page.getByRole('complementary', { name: 'Riverside mint' });
    await panel.waitFor();
    await page.waitForTimeout(1200);
    await screenshot(page, 'map-details-1440x900');

    // Draw the patch: four corners, then the first again to close, then save.
    await panel.getByRole('button', { name: 'Draw patch' }).click();
    const toolbar = await patchToolbar(page);
    const corners = [
      [760, 330],
      [1000, 330],
      [1000, 560],
      [760, 560],
      [760, 330],
    ] as const;
    for (const [x, y] of corners) {
      await page.mouse.move(x, y, { steps: 4 });
      await page.mouse.click(x, y);
      await page.waitForTimeout(150);
    }
    await toolbar.getByText('Drag the corners').waitFor();
    await screenshot(page, 'map-drawing-1440x900');
    await toolbar.getByRole('button', { name: 'Save patch' }).click();
    await page.locator('.Toastify__toast', { hasText: 'Patch saved' }).waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'map-patch-1440x900');
    await context.close();
  });

  it('shows a spot in a bottom sheet on a phone', async () => {
    const { page, context } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('map-sheet'));
    const ids = await createSpots(page, someSpots());
    await page.goto(`/?location=${ids[10] ?? ''}`);
    const sheet = page.getByRole('complementary', { name: 'Hilltop blueberries' });
    await sheet.waitFor();
    const box = await sheet.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.height).toBeLessThanOrEqual(phone.height * 0.6 + 1);
      expect(Math.round(box.y + box.height)).toBe(phone.height);
    }
    await page.waitForTimeout(1200);
    await screenshot(page, 'map-sheet-375x812');
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });
});

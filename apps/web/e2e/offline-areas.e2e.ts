import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  e2e,
  launchBrowser,
  openTab,
  phone,
  screenshot,
  signUp,
  uniqueEmail,
} from './support/browser.ts';
import { recordProgress, reloadOffline, untilControlled } from './support/saved-areas.ts';
import { useServerWithTiles } from './support/tile-server.ts';
import { shareOfColour, writeSolidMbtiles, type Rgb } from './support/tile-files.ts';

/**
 * Saved map areas (docs/behaviour.md#saved-map-areas): a rectangle drawn on the map
 * plans fewer tiles than the visible area; save the visible area of a raster MBTiles of one colour, go offline and reload: the map still shows the colour, drawn
 * from the saved tiles, and no tile request reaches the network.
 */

/** A colour no part of the app's own look uses, so a pixel of it can only be a tile. */
const tileColour: Rgb = { r: 40, g: 170, b: 200 };

describe.skipIf(e2e.skip)('map areas saved for offline use', () => {
  let browser: Browser;
  const server = useServerWithTiles('offline-areas', async (tilesDir) => {
    await writeSolidMbtiles(path.join(tilesDir, 'region.mbtiles'), tileColour);
  });
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('saves the visible area with progress, then draws it with no network after a reload', async () => {
    const { page, context } = await openTab(browser, phone, {
      baseUrl: server().baseUrl,
      serviceWorkers: 'allow',
    });
    try {
      await signUp(page, uniqueEmail('offline-areas'));
      await untilControlled(page);
      await page.locator('.maplibregl-canvas').waitFor();

      await page.getByRole('button', { name: 'Saved map areas' }).click();
      await page.getByRole('button', { name: 'Save this area for offline' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this area for offline' });
      await dialog.getByText('The visible area of the map').waitFor();
      const plan = await dialog.getByTestId('area-plan').textContent();

      // A rectangle drawn on the map instead: a smaller area, fewer tiles.
      await dialog.getByRole('button', { name: 'Draw a rectangle instead' }).click();
      await page.getByText('Drag across the map to mark the area to save').waitFor();
      const box = await page.getByTestId('area-rectangle').boundingBox();
      if (!box) throw new Error('the rectangle layer has no box');
      await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.45);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 4 });
      await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.55, { steps: 4 });
      await page.mouse.up();
      await dialog.getByText('The rectangle you drew').waitFor();
      const drawnPlan = (await dialog.getByTestId('area-plan').textContent()) ?? '';
      const tiles = (text: string | null) =>
        Number(/^([\d,]+) tiles/.exec(text ?? '')?.[1]?.replace(/,/g, ''));
      expect(tiles(drawnPlan)).toBeGreaterThan(0);
      expect(tiles(drawnPlan)).toBeLessThan(tiles(plan));
      await screenshot(page, 'offline-areas-rectangle-375');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Saved map areas' }).click();
      await page.getByRole('button', { name: 'Save this area for offline' }).click();
      await dialog.getByText('The visible area of the map').waitFor();
      expect(await dialog.getByTestId('area-plan').textContent()).toBe(plan);
      expect(plan).toMatch(/^\d[\d,]* tiles, about (\d+\.\d MB|\d+ kB)$/);
      // Progress is reported as tiles arrive: the bar's value climbs to its max.
      const values = await recordProgress(page);
      const started = Date.now();
      await dialog.getByRole('button', { name: 'Download' }).click();
      await dialog.getByText(/^Saved \d+ tiles \(/).waitFor();
      const saved = await dialog.getByText(/^Saved \d+ tiles \(/).textContent();
      console.log(`saved area: ${saved} in ${Date.now() - started} ms (${plan})`);
      expect(values.length).toBeGreaterThan(0);
      await expect.poll(() => dialog.getByRole('listitem').count()).toBe(1);
      await page.keyboard.press('Escape');

      const tileRequests = await reloadOffline(context, page);
      const canvas = page.locator('.maplibregl-canvas');
      // Only the saved tiles have this colour. On a phone a new user's "Add your first spot"
      // card covers about half of the map, so a fifth of the canvas is the bar.
      await expect
        .poll(async () => shareOfColour(await canvas.screenshot(), tileColour), { timeout: 15_000 })
        .toBeGreaterThan(0.2);
      await screenshot(page, 'offline-areas-offline-375');
      expect(tileRequests).toEqual([]);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bboxAround,
  mergeBboxes,
  tilesInAll,
  type TileCoord,
} from '../src/lib/saved-tiles/tile-math.ts';
import {
  e2e,
  launchBrowser,
  openTab,
  phone,
  screenshot,
  signUp,
  uniqueEmail,
} from './support/browser.ts';
import { createSpots, type NewSpot } from './support/journal.ts';
import { recordProgress, reloadOffline, untilControlled } from './support/saved-areas.ts';
import { useServerWithTiles } from './support/tile-server.ts';
import { mapLikePng, shareOfColour, writeMbtiles, type Rgb } from './support/tile-files.ts';

/**
 * "Make my spots available offline" (docs/behaviour.md#saved-map-areas): the server's
 * tile file holds zooms 10–16 only around three spots (two close together, one apart). The
 * action plans 1 km around each spot with the overlap merged, shows the size first, downloads
 * with progress, lists the area, and the map draws from it offline with no tile request
 * reaching the network; the satellite layer (an outside host) falls back to the saved map. It
 * also prints the download time and size around one spot.
 */

/** A colour no part of the app's own look uses, so a pixel of it can only be a tile. */
const tileColour: Rgb = { r: 60, g: 150, b: 90 };

const spots: NewSpot[] = [
  { name: 'Chanterelle slope', position: { lat: 46.5, lng: 7.0 } },
  // 400 m from the first: their surroundings overlap and are saved as one.
  { name: 'Birch edge', position: { lat: 46.503, lng: 7.003 } },
  // 4 km away: a surrounding of its own.
  { name: 'Spruce gully', position: { lat: 46.53, lng: 7.04 } },
];

/** What the app saves: the same radius and zooms as offline-area-buttons.tsx. */
const radiusMeters = 1000;
const zooms = { min: 10, max: 16 };

function tilesAround(list: NewSpot[]): TileCoord[] {
  const bboxes = mergeBboxes(
    list.map(({ position }) => bboxAround(position.lng, position.lat, radiusMeters)),
  );
  return [...tilesInAll(bboxes, zooms.min, zooms.max)];
}

/** The size shown before the download: "120 tiles, about 3.0 MB". */
const planPattern = /^(\d[\d,]*) tiles, about (\d+\.\d MB|\d+ kB)$/;
const savedPattern = /^Saved (\d[\d,]*) tiles \((\d+\.\d MB|\d+ kB)\) for offline use$/;

/** Signs up, creates the spots through the API and opens the home map showing them. */
async function homeWithSpots(page: Page, list: NewSpot[], label: string): Promise<void> {
  await signUp(page, uniqueEmail(label));
  await createSpots(page, list);
  await page.reload();
  await page.locator('.maplibregl-canvas').waitFor();
}

describe.skipIf(e2e.skip)('making my spots available offline', () => {
  let browser: Browser;
  const server = useServerWithTiles('offline-spots', async (tilesDir) => {
    const tiles = await Promise.all(
      tilesAround(spots).map(async (tile) => ({ tile, data: await mapLikePng(tileColour, tile) })),
    );
    writeMbtiles(path.join(tilesDir, 'region.mbtiles'), tiles, {
      minzoom: String(zooms.min),
      maxzoom: String(zooms.max),
      name: 'spots',
      format: 'png',
    });
  });
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('saves zooms 10–16 around one spot after a cancelled try, and prints the time and size', async () => {
    const { page, context } = await openTab(browser, phone, { baseUrl: server().baseUrl });
    try {
      await homeWithSpots(page, spots.slice(0, 1), 'offline-one-spot');
      await page.getByRole('button', { name: 'Saved map areas' }).click();
      await page.getByRole('button', { name: 'Make my spots available offline' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make my spots available offline' });
      const plan = (await dialog.getByTestId('area-plan').textContent()) ?? '';
      expect(plan).toMatch(planPattern);

      // Cancelled on the way (tiles slowed so there is a way): no area is listed.
      const slowTiles = '**/api/tiles/*/*/*/*';
      await context.route(slowTiles, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        // The cancel aborts the requests still waiting here: theirs is gone, not an error.
        await route.continue().catch(() => undefined);
      });
      await dialog.getByRole('button', { name: 'Download' }).click();
      await dialog.getByRole('progressbar', { name: 'Saving the map area' }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.getByText('Download cancelled').waitFor();
      expect(await dialog.getByRole('region', { name: 'Saved map areas' }).count()).toBe(0);
      await context.unroute(slowTiles);

      const started = performance.now();
      await dialog.getByRole('button', { name: 'Download' }).click();
      const saved = (await dialog.getByText(savedPattern).textContent()) ?? '';
      const ms = performance.now() - started;
      const count = tilesAround(spots.slice(0, 1)).length;
      expect(savedPattern.exec(saved)?.[1]).toBe(count.toLocaleString('en'));
      console.log(
        `one spot, zooms 10–16, 1 km around: ${saved} in ${ms.toFixed(0)} ms (shown first: ${plan})`,
      );
    } finally {
      await context.close();
    }
  });

  it('shows the size first, saves 3 spots with progress, and draws them offline', async () => {
    const { page, context } = await openTab(browser, phone, {
      baseUrl: server().baseUrl,
      serviceWorkers: 'allow',
    });
    try {
      await homeWithSpots(page, spots, 'offline-spots');
      await untilControlled(page);
      await page.locator('.maplibregl-canvas').waitFor();

      await page.getByRole('button', { name: 'Saved map areas' }).click();
      await page.getByRole('button', { name: 'Make my spots available offline' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make my spots available offline' });
      const expected = tilesAround(spots).length;
      // Two surroundings overlap: each of their tiles is counted once.
      const separate = spots.reduce((sum, spot) => sum + tilesAround([spot]).length, 0);
      expect(expected).toBeLessThan(separate);
      const plan = (await dialog.getByTestId('area-plan').textContent()) ?? '';
      expect(planPattern.exec(plan)?.[1]).toBe(expected.toLocaleString('en'));
      // Zooms 10–16 in plain words: street level detail, the spots' name offered.
      await expect(
        dialog.getByRole('radio', { name: /^Street level detail/ }).isChecked(),
      ).resolves.toBe(true);
      await expect(dialog.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe(
        'My spots',
      );

      const values = await recordProgress(page);
      await dialog.getByRole('button', { name: 'Download' }).click();
      const saved = (await dialog.getByText(savedPattern).textContent()) ?? '';
      expect(savedPattern.exec(saved)?.[1]).toBe(expected.toLocaleString('en'));
      // The bar climbed through the tiles to its end.
      expect(values.length).toBeGreaterThan(1);
      expect(values.every((value) => value.endsWith(`/${expected}`))).toBe(true);
      expect(values).toContain(`${expected}/${expected}`);
      const listed = dialog.getByRole('region', { name: 'Saved map areas' }).getByRole('listitem');
      await expect.poll(() => listed.count()).toBe(1);
      // Listed by name, with its size and the day it was saved.
      expect(await listed.textContent()).toMatch(/^My spots(\d+(\.\d)? (MB|kB)) · saved .*\d{4}/);
      await page.keyboard.press('Escape');

      const tileRequests = await reloadOffline(context, page);
      const canvas = page.locator('.maplibregl-canvas');
      await expect
        .poll(async () => shareOfColour(await canvas.screenshot(), tileColour), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0.2);
      await screenshot(page, 'offline-spots-offline-375');
      // The tiles outside the saved areas fail, and the map says the saved ones still show.
      await page
        .getByRole('note')
        .filter({ hasText: 'Some map tiles cannot load — areas saved on this device still show' })
        .waitFor();

      // Satellite comes from an outside host: offline the map says so and keeps drawing the
      // saved street map rather than a blank plane.
      await page.getByRole('button', { name: 'Map type' }).click();
      await page.locator('.map-layers-option').filter({ hasText: 'Satellite' }).click();
      await page
        .getByRole('note')
        .filter({
          hasText: 'The satellite map cannot load — showing the street map instead',
        })
        .waitFor();
      await expect
        .poll(async () => shareOfColour(await canvas.screenshot(), tileColour), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0.2);
      await screenshot(page, 'offline-spots-satellite-offline-375');
      expect(tileRequests).toEqual([]);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

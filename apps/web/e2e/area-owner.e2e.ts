import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
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
import { useServerWithTiles } from './support/tile-server.ts';
import { writeSolidMbtiles } from './support/tile-files.ts';

/**
 * Saved map areas belong to the user who saved them (docs/behaviour.md#saved-map-areas): on one browser, the first user's saved area and its tiles
 * are gone once they sign out, and the next user sees none of them.
 */

/**
 * Every saved tile and area index the page's Cache Storage holds, in any cache: the tile URLs
 * (`/api/tiles/{name}/{z}/{x}/{y}`) and the index entries, not the public style or config.
 */
async function savedTilesOnDevice(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const { hostname, pathname } = new URL(request.url);
        if (/^\/api\/tiles\/[^/]+\/\d+\/\d+\/\d+/.test(pathname) || hostname.endsWith('.invalid'))
          found.push(`${name} ${request.url}`);
      }
    }
    return found;
  });
}

/** Opens "Save this area for offline" and waits until it has read the map and its list. */
async function openSaveDialog(page: Page): Promise<Locator> {
  // The first map of a cold browser can take a while on a busy machine.
  await page.locator('.maplibregl-canvas').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Saved map areas' }).click();
  await page.getByRole('button', { name: 'Save this area for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this area for offline' });
  await dialog.getByTestId('area-plan').waitFor();
  return dialog;
}

async function saveVisibleArea(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Download' }).click();
  await dialog.getByText(/^Saved \d+ tiles \(/).waitFor();
  await dialog.getByRole('region', { name: 'Saved map areas' }).waitFor();
}

describe.skipIf(e2e.skip)('saved map areas belong to the user who saved them', () => {
  let browser: Browser;
  const server = useServerWithTiles('area-owner', async (tilesDir) => {
    await writeSolidMbtiles(path.join(tilesDir, 'region.mbtiles'), { r: 40, g: 170, b: 200 });
  });
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('removes the first user’s areas and tiles at sign-out; the next user sees none', async () => {
    const { page, context } = await openTab(browser, desktop, { baseUrl: server().baseUrl });
    try {
      await signUp(page, uniqueEmail('area-owner-a'));
      const first = await openSaveDialog(page);
      await saveVisibleArea(first);
      expect(await first.getByRole('listitem').count()).toBe(1);
      const saved = await savedTilesOnDevice(page);
      expect(saved.length).toBeGreaterThan(1);
      // The download replaced the focused button: the dialog takes the key itself.
      await first.press('Escape');
      await first.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Sign out' }).click();
      await waitForPath(page, '/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      // Nothing of the area is left on the device: neither its listing nor its tiles.
      expect(await savedTilesOnDevice(page)).toEqual([]);

      // The next user of this browser: no saved area listed, none used.
      const second = uniqueEmail('area-owner-b');
      await signUp(page, second);
      const dialog = await openSaveDialog(page);
      expect(await dialog.getByRole('region', { name: 'Saved map areas' }).count()).toBe(0);
      expect(await savedTilesOnDevice(page)).toEqual([]);

      // Their own area is listed as theirs.
      await saveVisibleArea(dialog);
      const list = dialog.getByRole('region', { name: 'Saved map areas' });
      expect(await list.getByRole('listitem').count()).toBe(1);
      await list.getByText(`Saved on this device by ${second}`).waitFor();
      await screenshot(page, 'area-owner-list-1440');
    } finally {
      await context.close();
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
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
import { startServer, type StartedServer } from './support/server.ts';

/**
 * Saved map areas (issue 14, docs/behaviour.md#saved-map-areas): save the visible area of a
 * raster MBTiles of one colour, go offline and reload: the map still shows the colour, drawn
 * from the saved tiles, and no tile request reaches the network.
 */

/** A colour no part of the app's own look uses, so a pixel of it can only be a tile. */
const tileColour = { r: 40, g: 170, b: 200 };

async function writeSolidMbtiles(file: string): Promise<void> {
  const png = await sharp({
    create: { width: 256, height: 256, channels: 3, background: tileColour },
  })
    .png()
    .toBuffer();
  const db = new Database(file);
  db.exec(`CREATE TABLE metadata (name text, value text);
    CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);`);
  const meta = db.prepare('INSERT INTO metadata VALUES (?, ?)');
  for (const [name, value] of Object.entries({
    minzoom: '0',
    maxzoom: '3',
    name: 'solid',
    format: 'png',
  }))
    meta.run(name, value);
  const insert = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
  for (let z = 0; z <= 3; z += 1)
    for (let x = 0; x < 2 ** z; x += 1)
      for (let y = 0; y < 2 ** z; y += 1) insert.run(z, x, y, png);
  db.close();
}

/** The share of the image's pixels that are the tile colour (within rounding). */
async function shareOfTileColour(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let matching = 0;
  const close = (value: number | undefined, want: number) => Math.abs((value ?? -99) - want) <= 3;
  for (let at = 0; at < data.length; at += info.channels)
    if (
      close(data[at], tileColour.r) &&
      close(data[at + 1], tileColour.g) &&
      close(data[at + 2], tileColour.b)
    )
      matching += 1;
  return matching / (data.length / info.channels);
}

async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

describe.skipIf(e2e.skip)('map areas saved for offline use', () => {
  let browser: Browser;
  let server: StartedServer;
  let workDir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    workDir = mkdtempSync(path.join(tmpdir(), 'fj-offline-areas-'));
    const tilesDir = path.join(workDir, 'data', 'tiles');
    mkdirSync(tilesDir, { recursive: true });
    await writeSolidMbtiles(path.join(tilesDir, 'region.mbtiles'));
    server = await startServer({
      dataDir: path.join(workDir, 'data'),
      webDistDir: e2e.webDistDir,
      logFile: path.join(e2e.artifactsDir, 'offline-areas-server.log'),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('saves the visible area with progress, then draws it with no network after a reload', async () => {
    const { page, context } = await openTab(browser, phone, {
      baseUrl: server.baseUrl,
      serviceWorkers: 'allow',
    });
    try {
      await signUp(page, uniqueEmail('offline-areas'));
      await untilControlled(page);
      await page.locator('.maplibregl-canvas').waitFor();

      await page.getByRole('button', { name: 'Save this area for offline' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this area for offline' });
      const plan = await dialog.getByTestId('area-plan').textContent();
      expect(plan).toMatch(/^\d[\d,]* tiles, about (\d+\.\d MB|\d+ kB)$/);
      // Progress is reported as tiles arrive: the bar's value climbs to its max.
      const values: string[] = [];
      await page.exposeFunction('recordProgress', (value: string) => values.push(value));
      await page.evaluate(() => {
        new MutationObserver(() => {
          const bar = document.querySelector('progress');
          if (bar)
            (window as unknown as { recordProgress(v: string): void }).recordProgress(
              `${bar.value}/${bar.max}`,
            );
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      const started = Date.now();
      await dialog.getByRole('button', { name: 'Download' }).click();
      await dialog.getByText(/^Saved \d+ tiles \(/).waitFor();
      const saved = await dialog.getByText(/^Saved \d+ tiles \(/).textContent();
      console.log(`saved area: ${saved} in ${Date.now() - started} ms (${plan})`);
      expect(values.length).toBeGreaterThan(0);
      await expect.poll(() => dialog.getByRole('listitem').count()).toBe(1);
      await page.keyboard.press('Escape');

      const tileRequests: string[] = [];
      let offline = false;
      context.on('requestfinished', (request) => {
        if (offline && new URL(request.url()).pathname.startsWith('/api/tiles/'))
          void request.response().then((response) => {
            tileRequests.push(
              `${request.url()} ${response?.status() ?? 'none'} sw=${String(response?.fromServiceWorker())}`,
            );
          });
      });
      // Chromium's HTTP cache would answer the tiles it already has (max-age) even offline:
      // emptied, so whatever draws the map now can only come from the saved tiles.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await context.setOffline(true);
      offline = true;
      await page.reload();
      const canvas = page.locator('.maplibregl-canvas');
      // With the HTTP cache emptied the start screen may not tell "slow" from "offline" at
      // once, and offers the local journal (docs/behaviour.md#offline-start).
      const openOffline = page.getByRole('button', { name: 'Open my journal offline' });
      await canvas.or(openOffline).first().waitFor();
      if (await openOffline.isVisible()) await openOffline.click();
      await canvas.waitFor().catch(async (error: unknown) => {
        await screenshot(page, 'offline-areas-no-map');
        console.log(await page.locator('body').innerText());
        throw error;
      });
      await expect
        .poll(async () => shareOfTileColour(await canvas.screenshot()), { timeout: 15_000 })
        .toBeGreaterThan(0.3);
      await screenshot(page, 'offline-areas-offline-375');
      expect(tileRequests).toEqual([]);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

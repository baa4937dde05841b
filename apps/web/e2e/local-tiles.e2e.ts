import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
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
 * The base map from a tile file on the server (issue 14, docs/behaviour.md#map-tiles): with a
 * raster MBTiles of one colour in DATA_DIR/tiles and every outside host refused, the map shows
 * that colour, and no request leaves for another host.
 */

/** A colour no part of the app's own look uses, so a pixel of it can only be a tile. */
const tileColour = { r: 200, g: 40, b: 160 };

/** Every tile of zooms 0–3, all one PNG of tileColour (MapLibre overzooms past 3). */
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
    name: 'solid',
    format: 'png',
    minzoom: '0',
    maxzoom: '3',
  }))
    meta.run(name, value);
  const insert = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
  for (let z = 0; z <= 3; z += 1)
    for (let x = 0; x < 2 ** z; x += 1)
      for (let y = 0; y < 2 ** z; y += 1) insert.run(z, x, y, png);
  db.close();
}

/** The share of the image's pixels that are the tile colour (within JPEG-free rounding). */
async function shareOfTileColour(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let matching = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    const close = (value: number | undefined, want: number) => Math.abs((value ?? -99) - want) <= 3;
    if (
      close(data[at], tileColour.r) &&
      close(data[at + 1], tileColour.g) &&
      close(data[at + 2], tileColour.b)
    )
      matching += 1;
  }
  return matching / (data.length / info.channels);
}

describe.skipIf(e2e.skip)('the base map from a local tile file', () => {
  let browser: Browser;
  let workDir: string;
  let server: StartedServer;
  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'fj-local-tiles-'));
    const tilesDir = path.join(workDir, 'data', 'tiles');
    mkdirSync(tilesDir, { recursive: true });
    await writeSolidMbtiles(path.join(tilesDir, 'region.mbtiles'));
    server = await startServer({
      dataDir: path.join(workDir, 'data'),
      webDistDir: e2e.webDistDir,
      logFile: path.join(e2e.artifactsDir, 'local-tiles-server.log'),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('shows the tile file on the map, with no request to any other host', async () => {
    const { page, context } = await openTab(browser, phone, { baseUrl: server.baseUrl });
    const ownHost = new URL(server.baseUrl).host;
    const outside: string[] = [];
    const tiles: string[] = [];
    await context.route('**', (route) => {
      const url = new URL(route.request().url());
      if (url.host === ownHost || url.protocol === 'data:' || url.protocol === 'blob:')
        return route.continue();
      outside.push(url.href);
      return route.abort('internetdisconnected');
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/tiles/region/'))
        tiles.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    try {
      await signUp(page, uniqueEmail('local-tiles'));
      const canvas = page.locator('.maplibregl-canvas');
      await canvas.waitFor();
      // The map has drawn once its tiles came: wait for a 200 tile, then for MapLibre to settle.
      await expect
        .poll(() => tiles.filter((line) => line.startsWith('200')).length)
        .toBeGreaterThan(0);
      await page.waitForTimeout(1_500);
      await screenshot(page, 'local-tiles-375');
      const share = await shareOfTileColour(await canvas.screenshot());
      console.log(
        `local tiles: ${tiles.length} tile answers, ${(share * 100).toFixed(0)} % of the map canvas is the tile colour`,
      );
      // Most of the canvas: the rest is the spots' panel, the toolbar and the attribution.
      expect(share).toBeGreaterThan(0.3);
      expect(await page.getByText('Map tiles unavailable').count()).toBe(0);
      expect(outside).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

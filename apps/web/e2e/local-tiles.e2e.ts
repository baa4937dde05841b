import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
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
import type { StartedServer } from './support/server.ts';
import {
  shareOfColour,
  wholeWorld,
  writeMbtiles,
  writeSolidMbtiles,
  type Rgb,
} from './support/tile-files.ts';
import { useServerWithTiles } from './support/tile-server.ts';

/**
 * The base map from a tile file on the server (docs/behaviour.md#map-tiles): with a
 * raster MBTiles of one colour in DATA_DIR/tiles and every outside host refused, the map shows
 * that colour, and no request leaves for another host.
 */

/** A colour no part of the app's own look uses, so a pixel of it can only be a tile. */
const tileColour: Rgb = { r: 200, g: 40, b: 160 };

/**
 * Vector tiles in the Protomaps schema, gzipped as such files store them: an `earth` polygon
 * over the whole tile (and past its edges), one `roads` line and one `places` point, a country
 * whose name the style labels with the device's fonts (no glyph server: nothing may be asked
 * of another host, and MapLibre must report no error).
 */
function writeVectorMbtiles(file: string): void {
  const square = [
    [-64, -64],
    [4160, -64],
    [4160, 4160],
    [-64, 4160],
    [-64, -64],
  ];
  // geojson-vt's tile shape, of which the writer reads only type, geometry and tags.
  const layers = {
    earth: { features: [{ type: 3, geometry: [square], tags: {} }] },
    roads: {
      features: [
        {
          type: 2,
          geometry: [
            [
              [0, 2048],
              [4096, 2048],
            ],
          ],
          tags: { kind: 'major_road' },
        },
      ],
    },
    places: {
      features: [
        { type: 1, geometry: [[1024, 1024]], tags: { kind: 'country', 'name:en': 'Testland' } },
      ],
    },
  } as unknown as Parameters<typeof fromGeojsonVt>[0];
  const tile = gzipSync(fromGeojsonVt(layers));
  const vectorLayers = [
    { id: 'earth', fields: {} },
    { id: 'roads', fields: { kind: 'String' } },
    { id: 'places', fields: { kind: 'String', 'name:en': 'String' } },
  ];
  writeMbtiles(
    file,
    [...wholeWorld(3)].map((coord) => ({ tile: coord, data: tile })),
    {
      minzoom: '0',
      maxzoom: '3',
      name: 'vector',
      format: 'pbf',
      json: JSON.stringify({ vector_layers: vectorLayers }),
    },
  );
}

/**
 * The share of the canvas a drawn base map takes at least: the rest is under the spots' panel,
 * the search, the layer switcher, the offline-area buttons, the toolbar and the attribution.
 */
const settledShare = 0.2;

/** '#e2dfda' as a colour. */
function hexColour(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return { r: value >> 16, g: (value >> 8) & 255, b: value & 255 };
}

/**
 * A new user's home map on this server, every outside host refused: the share of the map
 * canvas in `colour`, the outside URLs asked for, and the tile answers.
 */
async function homeMap(
  browser: Browser,
  server: StartedServer,
  colour: Rgb,
  shot: string,
  choose?: { layer: string; note: string },
) {
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
    const url = new URL(response.url());
    if (/^\/api\/tiles\/[^/]+\/\d/.test(url.pathname))
      tiles.push(`${response.status()} ${response.headers()['content-encoding'] ?? ''}`);
  });
  try {
    await signUp(page, uniqueEmail('local-tiles'));
    const canvas = page.locator('.maplibregl-canvas');
    await canvas.waitFor();
    // The map has drawn once its tiles came: wait for a 200 tile, then for MapLibre to settle.
    await expect
      .poll(() => tiles.filter((line) => line.startsWith('200')).length)
      .toBeGreaterThan(0);
    if (choose) {
      await page.getByRole('button', { name: 'Map type' }).click();
      await page.locator('.map-layers-option').filter({ hasText: choose.layer }).click();
      await page.getByRole('note').filter({ hasText: choose.note }).waitFor();
    }
    // MapLibre fades tiles in: measure until the colour has settled over the canvas (or 10 s).
    let share = 0;
    for (let tries = 0; tries < 20; tries += 1) {
      await page.waitForTimeout(500);
      const next = await shareOfColour(await canvas.screenshot(), colour);
      if (tries > 2 && next >= settledShare && next <= share + 0.005) {
        share = next;
        break;
      }
      share = next;
    }
    await screenshot(page, shot);
    const unavailable = await page.getByText('Map tiles unavailable').count();
    const note = choose ? (await page.getByText(choose.note).count()) === 1 : false;
    return { share, outside, tiles, unavailable, note };
  } finally {
    await context.close();
  }
}

describe.skipIf(e2e.skip)('the base map from a local tile file', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('raster MBTiles', () => {
    const server = useServerWithTiles('local-tiles-raster', (dir) =>
      writeSolidMbtiles(path.join(dir, 'region.mbtiles'), tileColour),
    );

    it('shows the tile file on the map, with no request to any other host', async () => {
      const map = await homeMap(browser, server(), tileColour, 'local-tiles-raster-375');
      console.log(
        `raster: ${map.tiles.length} tile answers, ${(map.share * 100).toFixed(0)} % of the map canvas is the tile colour`,
      );
      expect(map.share).toBeGreaterThan(settledShare);
      expect(map.unavailable).toBe(0);
      expect(map.outside).toEqual([]);
    });

    it('falls back from satellite that cannot load to the tile file, saying so', async () => {
      const map = await homeMap(browser, server(), tileColour, 'local-tiles-satellite-375', {
        layer: 'Satellite',
        note: 'The satellite map cannot load — showing the street map instead',
      });
      expect(map.outside.length).toBeGreaterThan(0);
      expect(map.note).toBe(true);
      expect(map.share).toBeGreaterThan(settledShare);
    });
  });

  describe('gzipped vector MBTiles in the Protomaps schema', () => {
    const server = useServerWithTiles('local-tiles-vector', (dir) =>
      writeVectorMbtiles(path.join(dir, 'region.mbtiles')),
    );

    it("draws the tiles with the server's own style (gzip as sent) and its labels, with no request to any other host", async () => {
      const style = (await (
        await fetch(`${server().baseUrl}/api/tiles/region/style.json`)
      ).json()) as { layers: { id: string; type: string; paint?: Record<string, unknown> }[] };
      const earth = style.layers.find((layer) => layer.id === 'earth')?.paint?.['fill-color'];
      expect(typeof earth).toBe('string');
      const map = await homeMap(
        browser,
        server(),
        hexColour(String(earth)),
        'local-tiles-vector-375',
      );
      console.log(
        `vector: ${map.tiles.length} tile answers (${map.tiles[0] ?? ''}), ${(map.share * 100).toFixed(0)} % of the map canvas is the earth colour ${String(earth)}`,
      );
      expect(map.tiles.some((line) => line === '200 gzip')).toBe(true);
      expect(map.share).toBeGreaterThan(settledShare);
      expect(map.unavailable).toBe(0);
      expect(map.outside).toEqual([]);
    });
  });
});

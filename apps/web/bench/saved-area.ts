// A saved map area at zooms 10–16 around one spot: from "Download" in the app's
// "Make my spots available offline" until it says "Saved …", with its size; beside fetching
// the same tiles from the same server in Node, 6 at a time as the app does.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { bboxAround, tilesIn } from '../src/lib/saved-tiles/tile-math.ts';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { startServer, webDir } from '../e2e/support/server.ts';
import { mapLikePng, writeMbtiles } from '../e2e/support/tile-files.ts';
import { cookiesFor, median } from './map-idle.ts';
import { seedSpots, signUpBenchUser } from './seed.ts';

const spot = { lat: 46.5, lng: 7.0 };
/** The app's: offline-area-buttons.tsx saves 1 km around each spot, zooms 10–16. */
const radiusMeters = 1000;
const zooms = { min: 10, max: 16 };
const concurrency = 6;

export interface SavedAreaResult {
  tiles: number;
  bytes: number;
  appMs: number;
  nodeMs: number;
  appRuns: number[];
  nodeRuns: number[];
}

/** The same tile URLs fetched by Node, `concurrency` at a time: the server's share of the time. */
async function timeNodeFetch(urls: string[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let url = urls[next++]; url !== undefined; url = urls[next++])
      await (await fetch(url)).arrayBuffer();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

export async function measureSavedArea(runs: number): Promise<SavedAreaResult> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-web-bench-saved-area-'));
  const tilesDir = path.join(workDir, 'data', 'tiles');
  mkdirSync(tilesDir, { recursive: true });
  const coords = [...tilesIn(bboxAround(spot.lng, spot.lat, radiusMeters), zooms.min, zooms.max)];
  const colour = { r: 60, g: 150, b: 90 };
  const tiles = await Promise.all(
    coords.map(async (tile) => ({ tile, data: await mapLikePng(colour, tile) })),
  );
  writeMbtiles(path.join(tilesDir, 'region.mbtiles'), tiles, {
    minzoom: String(zooms.min),
    maxzoom: String(zooms.max),
    name: 'region',
    format: 'png',
  });
  const server = await startServer({
    dataDir: path.join(workDir, 'data'),
    webDistDir: path.join(webDir, 'dist'),
    logFile: path.join(workDir, 'server.log'),
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    const user = await signUpBenchUser(server.baseUrl, 'saved-area');
    await seedSpots(server.baseUrl, user, [spot]);
    const urls = coords.map(
      ({ z, x, y }) => `${server.baseUrl}/api/tiles/region/${z}/${x}/${y}.png`,
    );
    const appRuns: number[] = [];
    const nodeRuns: number[] = [];
    let bytes = 0;
    for (let run = 0; run < runs; run += 1) {
      // A new profile each run: an empty Cache Storage and HTTP cache, as on a new phone.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
      });
      try {
        await context.addCookies(cookiesFor(server.baseUrl, user.cookie));
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}/`);
        await page.getByRole('button', { name: 'Make my spots available offline' }).click();
        const dialog = page.getByRole('dialog', { name: 'Make my spots available offline' });
        await dialog.getByTestId('area-plan').waitFor();
        const download = dialog.getByRole('button', { name: 'Download' });
        const started = performance.now();
        await download.click();
        const saved = dialog.getByText(/^Saved [\d,]+ tiles/);
        await saved.waitFor({ timeout: 120_000 });
        appRuns.push(performance.now() - started);
        bytes = await page.evaluate(async () => {
          // The signed-in user's own cache (lib/saved-tiles/area-owner.ts).
          const name = (await caches.keys()).find((key) => key.startsWith('fj-areas-v1:'));
          if (!name) return 0;
          const cache = await caches.open(name);
          let sum = 0;
          for (const request of await cache.keys())
            if (new URL(request.url).pathname.match(/^\/api\/tiles\/[^/]+\/\d/))
              sum += (await (await cache.match(request))?.arrayBuffer())?.byteLength ?? 0;
          return sum;
        });
      } finally {
        await context.close();
      }
      nodeRuns.push(await timeNodeFetch(urls));
    }
    return {
      tiles: coords.length,
      bytes,
      appMs: median(appRuns),
      nodeMs: median(nodeRuns),
      appRuns,
      nodeRuns,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

// A cold start offline: the home map of a user whose local copy holds 2,000 spots with 20,000
// entries, with no journal API at all (every /api/v1 request fails as offline), from
// navigating to / until the map draws every spot; beside MapLibre alone drawing the same points.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { doneWhenMapSays, fillLocalCopy } from '../e2e/support/local-copy.ts';
import type { BenchServer } from './app-server.ts';
import { startBareMap } from './bare-map-server.ts';
import { cookiesFor, median, timeBare, viewport } from './map-idle.ts';
import { spotPositions, type BenchUser } from './seed.ts';

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The device after a visit that synced, then had `fill` write its local copy: cookie, local
 * storage and IndexedDB.
 */
export async function deviceWithLocalCopy(
  browser: Browser,
  server: BenchServer,
  user: BenchUser,
  fill: (page: Page) => Promise<void>,
): Promise<Storage> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  try {
    await context.addCookies(cookiesFor(server.baseUrl, user.cookie));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByText('Synced just now').waitFor({ timeout: 60_000 });
    await fill(page);
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

/**
 * A device holding `storage` (its sign-in and local copy) with /api/v1 unreachable. No service
 * worker: a new profile's would install (and precache every chunk) during the run; the files
 * come from the server each time, as for the map bench.
 */
export async function offlineContext(browser: Browser, storage: Storage): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    storageState: storage,
    serviceWorkers: 'block',
  });
  await context.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
  return context;
}

/** ms from navigation start to the map showing every spot, with /api/v1 unreachable. */
async function timeOfflineStart(
  browser: Browser,
  server: BenchServer,
  storage: Storage,
  spots: number,
): Promise<number> {
  const context = await offlineContext(browser, storage);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: doneWhenMapSays(`${spots} spots on the map`) });
    await page.goto(`${server.baseUrl}/`);
    const done = await page.waitForFunction(
      () => (window as { coldStartDone?: number }).coldStartDone,
      undefined,
      { timeout: 120_000 },
    );
    return Number(await done.jsonValue());
  } finally {
    await context.close();
  }
}

export interface OfflineStartResult {
  appMs: number;
  bareMs: number;
  appRuns: number[];
  bareRuns: number[];
}

export async function measureOfflineStart(
  server: BenchServer,
  user: BenchUser,
  spots: number,
  entriesEach: number,
  runs: number,
): Promise<OfflineStartResult> {
  const reference = await startBareMap(spotPositions(spots));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    await timeBare(browser, reference.url);
    const storage = await deviceWithLocalCopy(browser, server, user, (page) =>
      fillLocalCopy(page, spotPositions(spots), entriesEach),
    );
    const appRuns: number[] = [];
    const bareRuns: number[] = [];
    for (let i = 0; i < runs; i++) {
      bareRuns.push((await timeBare(browser, reference.url)).doneMs);
      appRuns.push(await timeOfflineStart(browser, server, storage, spots));
    }
    return { appMs: median(appRuns), bareMs: median(bareRuns), appRuns, bareRuns };
  } finally {
    await browser.close();
    await reference.stop();
  }
}

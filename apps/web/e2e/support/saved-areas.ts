import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './browser.ts';

/** Helpers of the saved-map-areas e2e tests (docs/behaviour.md#saved-map-areas). */

/** Waits until the service worker controls the page (reloading once if it came too late). */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Records every value the page's progress bar takes ("done/total"), as the page shows them. */
export async function recordProgress(page: Page): Promise<string[]> {
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
  return values;
}

/**
 * Empties Chromium's HTTP cache, goes offline and reloads; answers the tile requests that
 * reached the network from then on (each "url status sw=fromServiceWorker").
 */
export async function reloadOffline(context: BrowserContext, page: Page): Promise<string[]> {
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
    await screenshot(page, 'saved-areas-no-map');
    console.log(await page.locator('body').innerText());
    throw error;
  });
  // The local copy is the journal offline: no "Loading your spots…" waiting on the server.
  await page.getByText('Loading your spots…').waitFor({ state: 'hidden' });
  return tileRequests;
}

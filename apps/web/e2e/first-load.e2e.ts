import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, openTab, signUp, uniqueEmail } from './support/browser.ts';
import { gzipBytes, recordScripts, type Script } from './support/scripts.ts';

/** docs/behaviour.md#page-loading: what /login may download, at most, as gzip. */
const loginBudgetBytes = 120_000;

/**
 * The parts of the app that come after sign-in (docs/behaviour.md#page-loading), as they
 * appear in a chunk's source map: the map libraries (docs/behaviour.md#maps), zod (the
 * answers' schemas), the journal store and the preferences code.
 */
const laterParts = {
  maplibre: 'node_modules/maplibre-gl/',
  turf: 'node_modules/@turf/',
  terraDraw: 'node_modules/terra-draw',
  zod: 'node_modules/zod/',
  store: 'src/store/',
  preferences: 'src/lib/api/preferences-service',
  preferencesEndpoints: 'src/lib/api/preferences-endpoints',
};

/**
 * Which later parts a built script holds, read from its source map beside it. Only Vite's
 * own small helpers (the preload helper) come without one.
 */
function laterPartsIn(script: Script): string[] {
  const map = path.join(e2e.webDistDir, script.path.replace(/^\//, '') + '.map');
  if (!existsSync(map)) {
    expect(script.bytes, `${script.path} has no source map`).toBeLessThan(4_000);
    return [];
  }
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  return Object.entries(laterParts)
    .filter(([, where]) => sources.some((source) => source.includes(where)))
    .map(([name]) => name);
}

const partsOf = (scripts: Script[]) => [...new Set(scripts.flatMap(laterPartsIn))].sort();

describe.skipIf(e2e.skip)('the first load', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('/login downloads at most 120 kB of JavaScript (gzip) and none of the later parts; the home map brings them, within the CSP', async () => {
    const { page, context } = await openTab(browser);
    const scripts = recordScripts(page);
    // The Content-Security-Policy's reports, here collected in the page: there should be none.
    await page.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          window.cspViolations.push(event.violatedDirective + ' ' + event.sourceFile));`,
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = await scripts.settled();
    expect(login.length).toBeGreaterThan(0);
    expect(partsOf(login)).toEqual([]);
    const bytes = login.reduce((sum, script) => sum + script.bytes, 0);
    const gzip = login.reduce((sum, script) => sum + gzipBytes(e2e.webDistDir, script), 0);
    console.log(`/login downloads ${login.length} scripts, ${bytes} bytes, ${gzip} gzip`);
    expect(gzip).toBeLessThanOrEqual(loginBudgetBytes);

    await signUp(page, uniqueEmail('first-load'));
    await page.locator('.maplibregl-canvas').waitFor();
    expect(partsOf(await scripts.settled())).toEqual(
      expect.arrayContaining(['maplibre', 'store', 'zod']),
    );
    await page
      .getByText(/spots? on the map|No spots on the map yet/)
      .waitFor({ state: 'attached' });
    expect(
      await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations),
    ).toEqual([]);
    await context.close();
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, openTab, signUp, uniqueEmail } from './support/browser.ts';

/** The map libraries (docs/behaviour.md#maps), as they appear in a chunk's source map. */
const mapPackages = {
  maplibre: 'node_modules/maplibre-gl/',
  turf: 'node_modules/@turf/',
  terraDraw: 'node_modules/terra-draw',
};

interface Script {
  path: string;
  bytes: number;
}

/** Every script the page downloads from the server, with its size. */
function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    void response.body().then(
      (body) => scripts.push({ path: url.pathname, bytes: body.length }),
      () => undefined,
    );
  });
  return scripts;
}

/**
 * Which map packages a built script holds, read from its source map beside it. Only Vite's
 * own small helpers (the preload helper) come without one.
 */
function mapPackagesIn(script: Script): string[] {
  const map = path.join(e2e.webDistDir, script.path.replace(/^\//, '') + '.map');
  if (!existsSync(map)) {
    expect(script.bytes, `${script.path} has no source map`).toBeLessThan(4_000);
    return [];
  }
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  return Object.entries(mapPackages)
    .filter(([, where]) => sources.some((source) => source.includes(where)))
    .map(([name]) => name);
}

const packagesOf = (scripts: Script[]) => [...new Set(scripts.flatMap(mapPackagesIn))].sort();

describe.skipIf(e2e.skip)('map libraries load on demand', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the login page downloads none of them; the home map brings MapLibre', async () => {
    const { page, context } = await openTab(browser);
    const scripts = recordScripts(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForTimeout(500);
    const login = [...scripts];
    expect(login.length).toBeGreaterThan(0);
    expect(packagesOf(login)).toEqual([]);
    const bytes = login.reduce((sum, script) => sum + script.bytes, 0);
    console.log(`/login downloads ${login.length} scripts, ${bytes} bytes`);

    await signUp(page, uniqueEmail('map-loading'));
    await page.locator('.maplibregl-canvas').waitFor();
    expect(packagesOf(scripts)).toEqual(expect.arrayContaining(['maplibre']));
    await context.close();
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { e2e, waitForPath } from './browser.ts';

export interface NewSpot {
  name: string;
  position: { lat: number; lng: number };
  categories?: string[];
  species?: string[];
  /** A patch: a GeoJSON Polygon whose rings are closed. */
  area?: { type: 'Polygon'; coordinates: [number, number][][] };
}

/**
 * Creates spots through the API with the page's own session (cookie → ID token → bearer),
 * `batch` requests at a time, and answers their ids in order.
 */
export async function createSpots(page: Page, spots: NewSpot[], batch = 20): Promise<string[]> {
  return page.evaluate(
    async ({ list, size }) => {
      const tokenAnswer = await fetch('/api/auth/token', { credentials: 'include' });
      const { token } = (await tokenAnswer.json()) as { token: string };
      const create = async (spot: unknown) => {
        const response = await fetch('/api/v1/locations', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(spot),
        });
        if (!response.ok) throw new Error(`POST /locations answered ${response.status}`);
        const body = (await response.json()) as { id?: string; data?: { id?: string } };
        return body.id ?? body.data?.id ?? '';
      };
      const ids: string[] = [];
      for (let start = 0; start < list.length; start += size)
        ids.push(...(await Promise.all(list.slice(start, start + size).map(create))));
      return ids;
    },
    { list: spots, size: batch },
  );
}

/** A real JPEG (a colour gradient with noise, so it does not compress to nothing). */
export async function makeJpeg(file: string, width = 1600, height = 1200): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const noise = seed % 40;
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 180) + noise;
      pixels[at + 1] = Math.round((y / height) * 160) + 60 + (noise >> 1);
      pixels[at + 2] = 70 + noise;
    }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toFile(file);
  return file;
}

/** Signs out from the header (inside the menu on a phone), ending on the login page. */
export async function signOut(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await waitForPath(page, '/login');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
}

const pagesDir = path.join(e2e.artifactsDir, 'pages');

/** A screenshot of one page state into e2e-artifacts/pages/<name>-<w>x<h>.png. */
export async function pageShot(page: Page, name: string): Promise<string> {
  mkdirSync(pagesDir, { recursive: true });
  const size = page.viewportSize();
  const file = path.join(pagesDir, `${name}-${size?.width ?? 0}x${size?.height ?? 0}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * The patch-drawing toolbar once terra-draw is ready for taps: before then (its library loads
 * on first use) a tap would be lost, and the toolbar says it is busy.
 */
export async function patchToolbar(page: Page): Promise<Locator> {
  const toolbar = page.getByRole('toolbar', { name: 'Patch drawing' });
  await toolbar.and(page.locator('[aria-busy="false"]')).waitFor();
  return toolbar;
}

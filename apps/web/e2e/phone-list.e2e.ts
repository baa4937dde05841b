import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, signUp, storedItem, uniqueEmail } from './support/browser.ts';
import { desktop1280, forestTab, metresBetween, phone390, type Fix } from './support/forest.ts';
import { createSpots, makeJpeg } from './support/journal.ts';

/**
 * The spots list (issue 32, item 7; docs/behaviour.md#search-page): on a phone each row shows
 * the whole name, a photo, the last visit and the distance, nearest first when the position is
 * known, else by last visit; on a desktop the list sits beside the map, and a row opens its spot
 * on that same map, zoomed to its surroundings.
 */

const shots = '/work/screens';
const here: Fix = { latitude: 50.0, longitude: 8.0, accuracy: 10 };
const longName = 'Old beech wood by the forester’s hut, chanterelle slope';
/** Near, middle and far from `here`, in different directions; the far one visited last. */
const spots = [
  { name: 'Far birch moor', position: { lat: 49.955, lng: 8.0 }, visited: '2026-09-20' },
  { name: longName, position: { lat: 50.004, lng: 8.0 }, visited: '2025-08-01' },
  { name: 'Hazel corner', position: { lat: 50.0, lng: 8.021 }, visited: '2026-06-10' },
];
const nearestFirst = [...spots]
  .map((spot) => ({
    name: spot.name,
    meters: metresBetween(here, { latitude: spot.position.lat, longitude: spot.position.lng }),
  }))
  .sort((a, b) => a.meters - b.meters);
const lastVisitFirst = [...spots].sort((a, b) => b.visited.localeCompare(a.visited));

/** The spots, each with one entry on its visit day; the long-named one with a photo. */
async function makeJournal(page: Page): Promise<string[]> {
  const ids = await createSpots(
    page,
    spots.map(({ name, position }) => ({ name, position })),
  );
  mkdirSync(path.join(tmpdir(), 'fj-phone-list'), { recursive: true });
  const jpeg = await makeJpeg(path.join(tmpdir(), 'fj-phone-list', 'beech.jpg'), 320, 240);
  const photo = readFileSync(jpeg).toString('base64');
  await page.evaluate(
    async ({ list, photoBase64 }) => {
      const tokenAnswer = await fetch('/api/auth/token', { credentials: 'include' });
      const { token } = (await tokenAnswer.json()) as { token: string };
      const authorization = `Bearer ${token}`;
      for (const [index, spot] of list.entries()) {
        const photos: { filePath: string }[] = [];
        if (index === 1) {
          const bytes = Uint8Array.from(atob(photoBase64), (char) => char.charCodeAt(0));
          const form = new FormData();
          form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'beech.jpg');
          const upload = await fetch('/api/v1/photos', {
            method: 'POST',
            headers: { authorization },
            body: form,
          });
          if (!upload.ok) throw new Error(`POST /photos answered ${upload.status}`);
          const body = (await upload.json()) as { filePath?: string; data?: { filePath: string } };
          photos.push({ filePath: body.data?.filePath ?? body.filePath ?? '' });
        }
        const entry = await fetch(`/api/v1/locations/${spot.id}/entries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ date: spot.visited, photos }),
        });
        if (!entry.ok) throw new Error(`POST /entries answered ${entry.status}`);
      }
    },
    {
      list: spots.map((spot, index) => ({ id: ids[index] ?? '', visited: spot.visited })),
      photoBase64: photo,
    },
  );
  return ids;
}

/** Whether the map's kept view (`fj.mapView`) is on `at`, at zoom 15–17. */
async function viewNear(
  page: Page,
  at: { lat: number; lng: number } | undefined,
  latSlack: number,
) {
  const view = JSON.parse((await storedItem(page, 'fj.mapView')) ?? '{}') as {
    longitude?: number;
    latitude?: number;
    zoom?: number;
  };
  if (!at || view.latitude === undefined || view.longitude === undefined) return false;
  const zoom = view.zoom ?? 0;
  return (
    Math.abs(view.latitude - at.lat) < latSlack &&
    Math.abs(view.longitude - at.lng) < 0.003 &&
    zoom >= 15 &&
    zoom <= 17
  );
}

/** The serious and critical axe findings on what the page shows now (none expected). */
async function severeAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const rowNames = (page: Page) => page.locator('.location-row .location-name').allTextContents();

describe.skipIf(e2e.skip)('the spots list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('on a phone: whole names, a photo, last visit and distance, nearest first', async () => {
    const { page, context } = await forestTab(browser, phone390, { at: here });
    try {
      await signUp(page, uniqueEmail('phone-list'));
      await makeJournal(page);
      await page.goto('/locations');
      await page.locator('.location-distance').first().waitFor();
      await expect
        .poll(() => rowNames(page), { timeout: 15_000 })
        .toEqual(nearestFirst.map((spot) => spot.name));
      expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('nearest');

      // Each distance is the test's own haversine, to the metre.
      const meters = await page
        .locator('.location-distance')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-meters'))));
      meters.forEach((shown, index) =>
        expect(Math.abs(shown - (nearestFirst[index]?.meters ?? NaN))).toBeLessThanOrEqual(1),
      );

      // The long name is all there, on two lines, not cut.
      const name = page.locator('.location-name', { hasText: 'Old beech wood' });
      const fit = await name.evaluate((el) => ({
        text: el.textContent,
        lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),
        clipped: el.scrollHeight > el.clientHeight + 1,
      }));
      expect(fit).toEqual({ text: longName, lines: 2, clipped: false });

      // Its row shows the photo's thumbnail, loaded; its last visit is in words.
      const row = page.locator('.location-row', { hasText: 'Old beech wood' });
      const thumb = row.locator('.location-thumb img');
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      expect(await row.locator('.location-meta').first().textContent()).toMatch(
        /^Last visit .*2025 · \d+ m$/,
      );
      await page.screenshot({ path: path.join(shots, 'phone-locations-list-390x844.png') });
      expect(await severeAxe(page)).toEqual([]);

      // A tap opens the spot on the map, in its surroundings, its sheet over the map's lower half.
      await page.locator('.location-row', { hasText: 'Hazel corner' }).click();
      await page.getByRole('complementary', { name: 'Hazel corner' }).waitFor();
      await expect
        .poll(() => viewNear(page, spots[2]?.position, 0.01), { timeout: 15_000 })
        .toBe(true);
      await page.screenshot({ path: path.join(shots, 'phone-spot-opened-390x844.png') });
    } finally {
      await context.close();
    }

    // Without a position: by last visit, no distances, no "Nearest" to pick.
    const unknown = await forestTab(browser, phone390);
    try {
      await signUp(unknown.page, uniqueEmail('phone-list-nowhere'));
      await makeJournal(unknown.page);
      await unknown.page.goto('/locations');
      await expect
        .poll(() => rowNames(unknown.page), { timeout: 15_000 })
        .toEqual(lastVisitFirst.map((spot) => spot.name));
      const sort = unknown.page.getByRole('combobox', { name: 'Sort by' });
      expect(await sort.inputValue()).toBe('last-visit');
      expect(await sort.locator('option[value="nearest"]').count()).toBe(0);
      expect(await unknown.page.locator('.location-distance').count()).toBe(0);
    } finally {
      await unknown.context.close();
    }
  });

  it('on a desktop: the list beside the map; a row opens its spot on the same map', async () => {
    const { page, context } = await forestTab(browser, desktop1280, { at: here });
    try {
      await signUp(page, uniqueEmail('desktop-list'));
      const ids = await makeJournal(page);
      // Opened afresh on the spots, not where the new user's map was left.
      await page.evaluate(() => localStorage.removeItem('fj.mapView'));
      await page.goto('/');
      const list = page.getByRole('complementary', { name: 'Your spots' });
      await list.locator('.location-distance').first().waitFor();
      await expect
        .poll(() => list.locator('.location-name').allTextContents(), { timeout: 15_000 })
        .toEqual(nearestFirst.map((spot) => spot.name));
      const canvas = page.locator('.maplibregl-canvas');
      await canvas.waitFor();

      // Side by side: the list's box ends where the map's begins, neither covering the other.
      const listBox = await list.boundingBox();
      const mapBox = await page.locator('.map-view').boundingBox();
      if (!listBox || !mapBox) throw new Error('the list or the map has no box');
      expect(listBox.x + listBox.width).toBeLessThanOrEqual(mapBox.x + 1);
      expect(mapBox.width).toBeGreaterThan(listBox.width);

      // Pointing at a row highlights its marker.
      const hazel = page.locator('.map-spot[aria-label="Hazel corner"]');
      await hazel.waitFor();
      await list.locator('.location-row', { hasText: 'Hazel corner' }).hover();
      await expect
        .poll(() => hazel.getAttribute('data-highlighted'), { timeout: 15_000 })
        .toBe('true');
      await page.screenshot({ path: path.join(shots, 'desktop-locations-list-1280x800.png') });
      expect(await severeAxe(page)).toEqual([]);

      // Opening it keeps this page and this map: no load, the same canvas element.
      await page.evaluate(() => {
        (window as { keptPage?: boolean }).keptPage = true;
        document.querySelector<HTMLElement>('.maplibregl-canvas')?.setAttribute('data-kept', '1');
      });
      await list.locator('.location-row', { hasText: 'Hazel corner' }).click();
      const details = page.getByRole('complementary', { name: 'Hazel corner' });
      await details.waitFor();
      expect(new URL(page.url()).searchParams.get('location')).toBe(ids[2]);
      expect(await page.evaluate(() => (window as { keptPage?: boolean }).keptPage)).toBe(true);
      expect(await canvas.getAttribute('data-kept')).toBe('1');
      await expect
        .poll(() => hazel.getAttribute('data-selected'), { timeout: 15_000 })
        .toBe('true');

      // The map flew to it, at a zoom that shows its surroundings (15–17).
      await expect
        .poll(() => viewNear(page, spots[2]?.position, 0.002), { timeout: 15_000 })
        .toBe(true);
      await page.screenshot({ path: path.join(shots, 'desktop-spot-opened-1280x800.png') });
    } finally {
      await context.close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, signUp, uniqueEmail } from './support/browser.ts';
import { desktop1280, forestTab, phone390, phoneShot } from './support/forest.ts';
import { createSpots, patchToolbar } from './support/journal.ts';
import { api } from './support/seasons-journal.ts';

/** What has focus: tag, then its accessible name as the test reads it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const name =
      active?.getAttribute('aria-label') ??
      (active instanceof HTMLInputElement ? active.labels?.[0]?.textContent : null) ??
      active?.textContent ??
      '';
    return `${active?.tagName ?? ''}:${name.trim()}`;
  });

/** Presses Tab (or Shift+Tab) until `wanted` has focus, as a keyboard user would. */
async function tabTo(page: Page, wanted: (text: string) => boolean, back = false) {
  for (let press = 0; press < 40; press += 1) {
    if (wanted(await focused(page))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Focus never reached the element; it is on ${await focused(page)}`);
}

/** Even-odd ray casting: whether the ring holds the point (the test's own sum). */
function inside(ring: number[][], [x, y]: [number, number]): boolean {
  let holds = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) holds = !holds;
  }
  return holds;
}

interface Spot {
  id: string;
  area?: { coordinates: number[][][] } | null;
}

describe.skipIf(e2e.skip)('keyboard alone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['desktop', desktop1280],
    ['phone', phone390],
  ] as const)(
    'draws a patch corner by corner at the crosshair, Save waiting for three (%s)',
    async (tag, viewport) => {
      const { page, context } = await forestTab(browser, viewport);
      await signUp(page, uniqueEmail(`patch-keys-${tag}`));
      const spot = { lat: 47.5, lng: 11 };
      const [id = ''] = await createSpots(page, [
        { name: 'Keyboard patch', position: spot, categories: ['mushrooms'] },
      ]);
      await page.goto(`/?location=${id}`);
      const panel = page.getByRole('complementary', { name: 'Keyboard patch' });
      await panel.waitFor();
      await page.waitForTimeout(1200); // the flight to the spot
      await panel.getByRole('button', { name: 'Draw patch' }).focus();
      await page.keyboard.press('Enter');
      const toolbar = await patchToolbar(page);
      const save = toolbar.getByRole('button', { name: 'Save patch' });
      expect(await focused(page)).toBe('BUTTON:Add corner at crosshair');
      expect(await save.isDisabled()).toBe(true);

      // Three corners around the spot: north of it, then south-east, then south-west. The map
      // moves under the arrow keys (MapLibre's keyboard handler) while it has focus.
      const moves = [
        ['ArrowUp'],
        ['ArrowRight', 'ArrowDown', 'ArrowDown'],
        ['ArrowLeft', 'ArrowLeft'],
      ];
      for (const [index, keys] of moves.entries()) {
        await tabTo(page, (text) => text.startsWith('CANVAS'), true);
        for (const key of keys) {
          await page.keyboard.press(key);
          await page.waitForTimeout(400);
        }
        await tabTo(page, (text) => text === 'BUTTON:Add corner at crosshair');
        await page.keyboard.press('Enter');
        if (index < 2) {
          await toolbar.getByText(`${index + 1} corner`).waitFor();
          expect(await save.isDisabled()).toBe(true);
        }
      }
      await toolbar.getByText('A patch with 3 corners').waitFor();
      expect(await save.isDisabled()).toBe(false);
      await phoneShot(page, `patch-keys-${tag}`);
      await tabTo(page, (text) => text === 'BUTTON:Save patch');
      await page.keyboard.press('Enter');
      await page.locator('.Toastify__toast', { hasText: 'Patch saved' }).waitFor();
      // Focus returns to the spot whose patch it is.
      await expect.poll(() => focused(page)).toBe('H2:Keyboard patch');

      const saved = await api<{ data: Spot[] } | Spot[]>(page, '/locations');
      const list = Array.isArray(saved) ? saved : saved.data;
      const ring = list.find((item) => item.id === id)?.area?.coordinates[0] ?? [];
      expect(ring).toHaveLength(4);
      expect(ring[0]).toEqual(ring[3]);
      expect(new Set(ring.slice(0, 3).map((corner) => corner.join())).size).toBe(3);
      expect(inside(ring, [spot.lng, spot.lat])).toBe(true);
      await context.close();
    },
  );
});

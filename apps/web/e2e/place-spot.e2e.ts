import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, signUp, uniqueEmail } from './support/browser.ts';
import { desktop1280, forestTab, phone390, phoneShot, type Fix } from './support/forest.ts';

const home: Fix = { latitude: 47.5, longitude: 11.0, accuracy: 30 };

/** The centre of an element's box, in page pixels. */
async function centreOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The "At lat, lng" line of the new-spot form. */
async function newSpotAt(page: Page) {
  const text = (await page.locator('form .field-hint').first().textContent()) ?? '';
  const [lat = Number.NaN, lng = Number.NaN] = text.replace(/^At /, '').split(',').map(Number);
  return { lat, lng };
}

const activeText = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return `${active?.tagName ?? ''}:${active?.getAttribute('aria-label') ?? active?.textContent ?? ''}`;
  });

describe.skipIf(e2e.skip)('placing a spot', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['phone', phone390],
    ['desktop', desktop1280],
  ] as const)(
    'opens a new user with location allowed on their position at a forager zoom (%s)',
    async (_, viewport) => {
      const { page, context } = await forestTab(browser, viewport, { at: home });
      await signUp(page, uniqueEmail('start'));
      const you = page.getByRole('img', { name: 'Your position' });
      await you.waitFor({ timeout: 20_000 });
      await page.waitForTimeout(300);
      const dot = await centreOf(page, '.map-you');
      const map = await centreOf(page, '.map-view');
      expect(Math.abs(dot.x - map.x)).toBeLessThan(3);
      expect(Math.abs(dot.y - map.y)).toBeLessThan(3);
      // Zoom 14 at 47.5° N (MapLibre's 512 px tiles): 3.23 m a pixel, so the 96 px scale bar
      // reads 300 m (at 13 it would read 500 m, at 15 100 m).
      const scale = await page.locator('.maplibregl-ctrl-scale').textContent();
      expect(scale?.replace(/\s/g, ' ')).toBe('300 m');
      await phoneShot(page, 'start-at-position');
      await context.close();
    },
  );

  it('averages the position under trees, showing the accuracy as it improves, then places the spot', async () => {
    const { page, context } = await forestTab(browser, phone390, { at: home });
    await signUp(page, uniqueEmail('average'));
    await page.getByRole('img', { name: 'Your position' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add a spot', exact: true }).click();
    await page.getByRole('button', { name: 'Add a spot here' }).click();
    const status = page.getByTestId('averaging');
    await status.filter({ hasText: '±30 m (1 reading)' }).waitFor();
    const readings: Fix[] = [
      home,
      { latitude: 47.5001, longitude: 11.0002, accuracy: 15 },
      { latitude: 47.50005, longitude: 11.0001, accuracy: 9 },
    ];
    for (const [index, fix] of readings.entries()) {
      if (index === 0) continue;
      await context.setGeolocation(fix);
      await status.filter({ hasText: `±${fix.accuracy} m (${index + 1} readings)` }).waitFor();
    }
    await phoneShot(page, 'averaging');
    // The test's own weighted mean: 1/accuracy² each.
    const weights = readings.map((fix) => 1 / (fix.accuracy ?? 1) ** 2);
    const total = weights.reduce((a, b) => a + b, 0);
    const lat = readings.reduce((sum, fix, i) => sum + fix.latitude * (weights[i] ?? 0), 0) / total;
    const lng =
      readings.reduce((sum, fix, i) => sum + fix.longitude * (weights[i] ?? 0), 0) / total;
    await page.getByRole('button', { name: 'Save now' }).click();
    const sheet = page.getByRole('complementary', { name: 'New spot' });
    await sheet.waitFor();
    const at = await newSpotAt(page);
    expect(at.lat).toBeCloseTo(lat, 5);
    expect(at.lng).toBeCloseTo(lng, 5);
    // The sheet never covers the pin just placed.
    await page.waitForTimeout(700);
    const pin = await page.getByRole('img', { name: 'New spot' }).boundingBox();
    const sheetBox = await sheet.boundingBox();
    expect(pin && sheetBox && pin.y + pin.height <= sheetBox.y).toBe(true);
    await phoneShot(page, 'new-spot');
    await context.close();
  });

  it('places and creates a spot with the keyboard alone, at the crosshair (desktop)', async () => {
    const { page, context } = await forestTab(browser, desktop1280, { at: home });
    await signUp(page, uniqueEmail('keys'));
    await page.getByRole('img', { name: 'Your position' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add a spot', exact: true }).focus();
    await page.keyboard.press('Enter');
    expect(await activeText(page)).toBe('BUTTON:Place at crosshair');
    await page.waitForTimeout(200);
    await phoneShot(page, 'crosshair');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('complementary', { name: 'New spot' });
    await sheet.waitFor();
    // The map opened on the position; the crosshair is its centre.
    const at = await newSpotAt(page);
    expect(at.lat).toBeCloseTo(home.latitude, 4);
    expect(at.lng).toBeCloseTo(home.longitude, 4);
    // The name field has focus: type, Enter creates, and focus lands on the new spot.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.keyboard.type('Keyboard ceps');
    await page.keyboard.press('Enter');
    await page.getByRole('complementary', { name: 'Keyboard ceps' }).waitFor();
    expect(await activeText(page)).toBe('H2:Keyboard ceps');
    await context.close();
  });
});

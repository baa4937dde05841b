import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  e2e,
  launchBrowser,
  signUp,
  submitCredentials,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';
import {
  bearingBetween,
  desktop1280,
  forestTab,
  metresBetween,
  phone390,
  phoneShot,
  turnDevice,
  type Fix,
} from './support/forest.ts';
import { createSpots } from './support/journal.ts';

/** A spot in a wood, and a patch (a square) to the north of where the walk starts. */
const spot = { latitude: 50.012, longitude: 8.021 };
const start: Fix = { latitude: 50.0, longitude: 8.0, accuracy: 12 };
const patchSouthEdge = 50.03;
const patch = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [8.0, patchSouthEdge],
      [8.002, patchSouthEdge],
      [8.002, 50.032],
      [8.0, 50.032],
      [8.0, patchSouthEdge],
    ] as [number, number][],
  ],
};

/** Guide me's reading: metres and bearing as the app worked them out. */
async function reading(page: Page) {
  const distance = page.getByTestId('guide-distance');
  await distance.waitFor();
  return {
    meters: Number(await distance.getAttribute('data-meters')),
    bearing: Number(await distance.getAttribute('data-bearing')),
    rotation: Number(await page.locator('.guide-arrow').getAttribute('data-rotation')),
  };
}

async function waitForMeters(page: Page, meters: number) {
  await page.waitForFunction(
    (expected) => {
      const shown = document.querySelector('[data-testid="guide-distance"]');
      return Math.abs(Number(shown?.getAttribute('data-meters')) - expected) < 0.5;
    },
    meters,
    { timeout: 10_000 },
  );
}

describe.skipIf(e2e.skip)('finding a spot again', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('guides a phone to a spot and to the nearest edge of a patch, following the walk and the compass', async () => {
    const { page, context } = await forestTab(browser, phone390, { at: start });
    await signUp(page, uniqueEmail('guide'));
    const [spotId, patchId] = await createSpots(page, [
      { name: 'Chanterelle bank', position: { lat: spot.latitude, lng: spot.longitude } },
      { name: 'Bilberry slope', position: { lat: 50.031, lng: 8.001 }, area: patch },
    ]);

    await page.goto(`/?location=${spotId ?? ''}`);
    const sheet = page.getByRole('complementary', { name: 'Chanterelle bank' });
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Guide me' }).click();
    // Focus goes to the guide's own control.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stop guiding');

    let shown = await reading(page);
    expect(shown.meters).toBeCloseTo(metresBetween(start, spot), 0);
    expect(shown.bearing).toBeCloseTo(bearingBetween(start, spot), 0);
    // No compass yet: north-up, and it says so.
    expect(shown.rotation).toBeCloseTo(shown.bearing, 0);
    await sheet.getByText('No compass reading').waitFor();
    await sheet.getByText('Accurate to ±12 m').waitFor();
    await phoneShot(page, 'guide');

    // Walking on: the reading follows the new position.
    const later: Fix = { latitude: 50.01, longitude: 8.02, accuracy: 5 };
    await context.setGeolocation(later);
    await waitForMeters(page, metresBetween(later, spot));
    shown = await reading(page);
    expect(shown.bearing).toBeCloseTo(bearingBetween(later, spot), 0);
    await sheet.getByText('Accurate to ±5 m').waitFor();

    // The phone faces east: the arrow turns by the heading, and the note goes.
    await turnDevice(page, 90);
    await page.waitForFunction(
      (expected) => {
        const arrow = document.querySelector('.guide-arrow');
        const rotation = Number(arrow?.getAttribute('data-rotation'));
        return Math.abs(rotation - expected) < 0.5;
      },
      (bearingBetween(later, spot) - 90 + 360) % 360,
    );
    expect(await sheet.getByText('No compass reading').count()).toBe(0);
    await sheet.getByRole('button', { name: 'Stop guiding' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Guide me');

    // A patch: to its nearest edge, due north, from straight below it.
    await context.setGeolocation(start);
    await page.goto(`/?location=${patchId ?? ''}`);
    const patchSheet = page.getByRole('complementary', { name: 'Bilberry slope' });
    await patchSheet.getByRole('button', { name: 'Guide me' }).click();
    const below = { latitude: 50.0, longitude: 8.001 };
    await context.setGeolocation({ ...below, accuracy: 8 });
    const edge = { latitude: patchSouthEdge, longitude: 8.001 };
    await waitForMeters(page, metresBetween(below, edge));
    shown = await reading(page);
    expect(shown.bearing).toBeCloseTo(0, 0);
    await patchSheet.getByText("to the patch's nearest edge").waitFor();
    await context.close();
  });

  it('shows coordinates in the chosen format, copies them, and links Directions to the web maps URL (desktop)', async () => {
    const { page, context } = await forestTab(browser, desktop1280, {
      extra: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    await signUp(page, uniqueEmail('coords'));
    const [id] = await createSpots(page, [
      { name: 'Ceps & co', position: { lat: 50.12345, lng: 8.6789 } },
    ]);
    await page.goto(`/?location=${id ?? ''}`);
    const panel = page.getByRole('complementary', { name: 'Ceps & co' });
    const coordinates = panel.getByTestId('spot-coordinates');
    expect(await coordinates.textContent()).toBe('50.12345, 8.67890');
    await panel.getByLabel('Coordinate format').selectOption('minutes');
    expect(await coordinates.textContent()).toBe('50° 07.407′ N, 8° 40.734′ E');
    await panel.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Coordinates copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      '50° 07.407′ N, 8° 40.734′ E',
    );
    // The choice is the device's: it outlives a reload.
    await page.reload();
    expect(await panel.getByTestId('spot-coordinates').textContent()).toBe(
      '50° 07.407′ N, 8° 40.734′ E',
    );
    expect(await panel.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=50.123450,8.678900&travelmode=walking',
    );
    await phoneShot(page, 'spot-details');
    await context.close();
  });

  it.each([
    ['android', 'geo:50.123450,8.678900?q=50.123450,8.678900(Wood%20ear)'],
    ['ios', 'https://maps.apple.com/?daddr=50.123450,8.678900&q=Wood%20ear&dirflg=w'],
  ] as const)('links Directions to the %s maps app in the native shell', async (platform, url) => {
    const email = uniqueEmail(`directions-${platform}`);
    const web = await forestTab(browser, phone390);
    await signUp(web.page, email);
    const [id] = await createSpots(web.page, [
      { name: 'Wood ear', position: { lat: 50.12345, lng: 8.6789 } },
    ]);
    await web.context.close();

    // The native shell's stand-in (platform.ts), with the platform it stands in for.
    const { page, context } = await forestTab(browser, phone390, {
      initScript: `globalThis.fjNativeShellStandIn = ${JSON.stringify({ apiOrigin: e2e.baseUrl, platform })};`,
    });
    await page.goto('/login');
    await submitCredentials(page, 'Sign in', email);
    await waitForPath(page, '/');
    await page.goto(`/?location=${id ?? ''}`);
    const sheet = page.getByRole('complementary', { name: 'Wood ear' });
    expect(await sheet.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(url);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, openTab, phone, signUp, uniqueEmail } from './support/browser.ts';
import { createSpots } from './support/journal.ts';
import { exportAs } from './support/transfer.ts';

const patch = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [8.52, 50.31],
      [8.53, 50.31],
      [8.53, 50.32],
      [8.52, 50.31],
    ] as [number, number][],
  ],
};

describe.skipIf(e2e.skip)('export from the Locations page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('downloads a GeoJSON and a GPX of the spots, on a 375 px phone', async () => {
    const { page } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('export'));
    const [glade = '', bog = ''] = await createSpots(page, [
      { name: 'Morel glade, "east"', position: { lat: 50.31, lng: 8.52 }, area: patch },
      { name: 'Cloudberry bog', position: { lat: 61.5, lng: 14.2 } },
    ]);
    await page.goto('/locations');
    await page.getByRole('link', { name: /Cloudberry bog/ }).waitFor();

    const geojson = await exportAs(page, /^GeoJSON/);
    expect(geojson.name).toMatch(/^foraging-journal-\d{4}-\d{2}-\d{2}\.geojson$/);
    const collection = JSON.parse(geojson.text) as {
      type: string;
      features: { id: string; geometry: { type: string }; properties: { name: string } }[];
    };
    expect(collection.type).toBe('FeatureCollection');
    const byId = new Map(collection.features.map((feature) => [feature.id, feature]));
    expect(byId.get(glade)?.geometry.type).toBe('GeometryCollection');
    expect(byId.get(glade)?.properties.name).toBe('Morel glade, "east"');
    expect(byId.get(bog)?.geometry.type).toBe('Point');

    const gpx = await exportAs(page, /^GPX/);
    expect(gpx.name).toMatch(/^foraging-journal-\d{4}-\d{2}-\d{2}\.gpx$/);
    // The browser's own XML parser: a document that is not well-formed gives a parsererror.
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        broken: doc.getElementsByTagName('parsererror').length > 0,
        root: doc.documentElement.namespaceURI,
        waypoints: [...doc.getElementsByTagName('wpt')].map(
          (w) => w.getElementsByTagName('name')[0]?.textContent,
        ),
        tracks: doc.getElementsByTagName('trk').length,
      };
    }, gpx.text);
    expect(read).toEqual({
      broken: false,
      root: 'http://www.topografix.com/GPX/1/1',
      waypoints: expect.arrayContaining(['Morel glade, "east"', 'Cloudberry bog']),
      tracks: 1,
    });
  });
});

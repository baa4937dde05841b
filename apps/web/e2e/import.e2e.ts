import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, openTab, phone, signUp, uniqueEmail } from './support/browser.ts';
import { createSpots, pageShot } from './support/journal.ts';
import { exportAs, throttleUploads, watchUploadBar } from './support/transfer.ts';

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

/** One visit added through the API with the page's session. */
async function addEntry(page: Page, locationId: string, entry: Record<string, unknown>) {
  await page.evaluate(
    async ({ id, body }) => {
      const tokenAnswer = await fetch('/api/auth/token', { credentials: 'include' });
      const { token } = (await tokenAnswer.json()) as { token: string };
      const response = await fetch(`/api/v1/locations/${id}/entries`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST entries answered ${response.status}`);
    },
    { id: locationId, body: entry },
  );
}

/** The serious and critical axe violations of what the page shows now (a11y.e2e.ts' bar). */
async function severeAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The Locations page's Import dialog with this file chosen. */
async function openImport(page: Page, file: { name: string; mimeType: string; text: string }) {
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import spots' });
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
  return dialog;
}

describe.skipIf(e2e.skip)('import from the Locations page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("one account's GeoJSON export, imported into a new account on a 375 px phone: preview, progress, then the spots", async () => {
    const first = await openTab(browser, phone);
    await signUp(first.page, uniqueEmail('export-from'));
    // Enough spots for a file of some 200 kB, which goes up in several steps.
    const more = Array.from({ length: 400 }, (_, i) => ({
      name: `Hazel copse ${String(i).padStart(3, '0')}`,
      position: { lat: 48 + i / 100, lng: 11 + i / 100 },
      categories: ['nuts'],
      species: ['hazel'],
    }));
    const [glade = ''] = await createSpots(first.page, [
      { name: 'Morel glade, "east" 🍄', position: { lat: 50.31, lng: 8.52 }, area: patch },
      { name: 'Cloudberry bog', position: { lat: 61.5, lng: 14.2 } },
      ...more,
    ]);
    await addEntry(first.page, glade, { date: '2026-05-02', species: ['morel'], notes: 'a, b' });
    await first.page.goto('/locations');
    await first.page.getByRole('link', { name: /Cloudberry bog/ }).waitFor();
    const exported = await exportAs(first.page, /^GeoJSON/);
    await first.context.close();

    const { page, context } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('import-into'));
    await page.goto('/locations');
    await page.getByRole('heading', { name: 'No spots yet' }).waitFor();
    const barValues = await watchUploadBar(page);
    // Some 3 s per upload: the bar shows how much of the file has gone.
    await throttleUploads(page, Math.ceil(exported.text.length / 3));

    const dialog = await openImport(page, {
      name: exported.name,
      mimeType: 'application/geo+json',
      text: exported.text,
    });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const bar = dialog.getByRole('progressbar', { name: `Uploading ${exported.name}` });
    await bar.waitFor();
    await dialog
      .getByText('402 spots, 1 entry will be created, 0 skipped as duplicates', { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('list', { name: 'Problems' }).count()).toBe(0);
    const previewed = await barValues();
    expect(previewed[0]).toBe(0);
    expect(previewed.some((value) => value > 0 && value < 100)).toBe(true);
    expect(previewed.at(-1)).toBe(100);
    await pageShot(page, 'import-preview');
    // The phone's width holds the dialog: nothing runs off the side.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await bar.waitFor();
    await dialog
      .getByText('Imported 402 spots and 1 entry; 0 skipped as duplicates.', { exact: true })
      .waitFor({ timeout: 30_000 });
    const imported = (await barValues()).slice(previewed.length);
    expect(imported.some((value) => value > 0 && value < 100)).toBe(true);
    expect(imported.at(-1)).toBe(100);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The journal read the changes: both spots are on the list at once, no reload.
    await page.getByRole('link', { name: /Morel glade, "east" 🍄/ }).waitFor();
    await page.getByRole('link', { name: /Cloudberry bog/ }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Showing all' }).textContent()).toBe(
      'Showing all 402 spots',
    );
    await context.close();
  });

  it('a CSV of other columns: the mapping step, the problems by line, then the spots', async () => {
    const { page, context } = await openTab(browser);
    await signUp(page, uniqueEmail('import-csv'));
    await page.goto('/locations');
    await page.getByRole('heading', { name: 'No spots yet' }).waitFor();
    const csv = [
      'Title,Lat,Lon,Visited,Comment',
      'Chanterelle hill,59.33,18.06,2026-08-01,"under the birches, north"',
      'Chanterelle hill,59.33,18.06,2026-09-12,second visit',
      'Too far north,95,18,2026-08-02,',
      'Birch bolete bank,59.4,18.2,,',
    ].join('\r\n');
    const dialog = await openImport(page, { name: 'walks.csv', mimeType: 'text/csv', text: csv });
    const name = dialog.getByLabel('Spot name *');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Title');
    expect(await dialog.getByLabel('Latitude *').inputValue()).toBe('Lat');
    expect(await dialog.getByLabel('Longitude *').inputValue()).toBe('Lon');
    expect(await dialog.getByLabel('Visit date').inputValue()).toBe('Visited');
    await dialog.getByLabel('Visit notes').selectOption('Comment');
    expect(await dialog.getByLabel('Description').inputValue()).toBe('');
    expect(await severeAxe(page)).toEqual([]);
    await pageShot(page, 'import-csv-columns');

    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog
      .getByText('2 spots, 2 entries will be created, 0 skipped as duplicates', { exact: true })
      .waitFor();
    const problems = dialog.getByRole('list', { name: 'Problems' }).getByRole('listitem');
    expect(await problems.allTextContents()).toEqual([
      expect.stringMatching(/^line 4: position\.lat: /),
    ]);
    expect(await severeAxe(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog
      .getByText('Imported 2 spots and 2 entries; 0 skipped as duplicates.', { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /Chanterelle hill/ }).waitFor();
    await page.getByRole('link', { name: /Birch bolete bank/ }).waitFor();
    await context.close();
  });

  it('a hostile file and one past the size limit are refused in the dialog with clear words, the journal left empty', async () => {
    const { page, context } = await openTab(browser);
    await signUp(page, uniqueEmail('import-hostile'));
    await page.goto('/locations');
    await page.getByRole('heading', { name: 'No spots yet' }).waitFor();
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE gpx [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>',
      '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="1"><name>&lol2;</name></wpt></gpx>',
    ].join('\n');
    const dialog = await openImport(page, {
      name: 'laughs.gpx',
      mimeType: 'application/gpx+xml',
      text: laughs,
    });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'The file declares a DOCTYPE, which is not allowed',
    );

    // Past IMPORT_MAX_MB (20 by default): a GeoJSON of 21 MB, from a file on disk (a buffer
    // that size is slow to hand to the browser).
    const huge = path.join(e2e.artifactsDir, 'huge.geojson');
    const padding = 'x'.repeat(21 * 1024 * 1024);
    await writeFile(huge, `{"type":"FeatureCollection","features":[],"pad":"${padding}"}`);
    await dialog.getByLabel('File').setInputFiles(huge);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'larger than this server' }).waitFor({
      timeout: 60_000,
    });
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'The file is larger than this server takes in one import. Split it into smaller files.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'No spots yet' }).waitFor();
    await rm(huge);
    await context.close();
  });
});

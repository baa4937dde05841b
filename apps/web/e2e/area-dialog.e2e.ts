import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, signUp, uniqueEmail } from './support/browser.ts';
import { desktop1280, forestTab, phone390 } from './support/forest.ts';
import { createSpots } from './support/journal.ts';
import { useServerWithTiles } from './support/tile-server.ts';
import { writeSolidMbtiles } from './support/tile-files.ts';

/**
 * The saved map areas dialog (issue 32, item 6; docs/behaviour.md#saved-map-areas): a title and
 * a Close button, detail in plain words, a name from the nearest spot; Escape closes it after a
 * download; the areas listed with name, size and date can be renamed, updated and deleted.
 */

const shots = '/work/screens';
const spot = { name: 'Chanterelle bank', position: { lat: 50.012, lng: 8.021 } };

/** The serious and critical axe findings on what the page shows now (none expected). */
async function severeAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Saved map areas' }).click();
  await page.getByRole('button', { name: 'Save this area for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this area for offline' });
  await dialog.getByTestId('area-plan').waitFor();
  return dialog;
}

describe.skipIf(e2e.skip)('the saved map areas dialog', () => {
  let browser: Browser;
  const server = useServerWithTiles('area-dialog', async (tilesDir) => {
    await writeSolidMbtiles(path.join(tilesDir, 'region.mbtiles'), { r: 40, g: 170, b: 200 });
  });
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['phone', phone390],
    ['desktop', desktop1280],
  ] as const)(
    'names, saves, closes with Escape, renames, updates and deletes (%s)',
    async (kind, size) => {
      const { page, context } = await forestTab(browser, size, { baseURL: server().baseUrl });
      try {
        await signUp(page, uniqueEmail(`area-dialog-${kind}`));
        await createSpots(page, [spot]);
        // The map opens on the one spot, so the visible area is around it.
        await page.evaluate(() => localStorage.removeItem('fj.mapView'));
        await page.goto(`/`);
        await page.locator('.maplibregl-canvas').waitFor();

        const dialog = await openDialog(page);
        await dialog.getByRole('heading', { name: 'Save this area for offline' }).waitFor();
        // Plain words, no zoom numbers; street level detail chosen; named after the spot.
        const street = dialog.getByRole('radio', { name: /^Street level detail/ });
        expect(await street.isChecked()).toBe(true);
        expect(await dialog.getByRole('radio').count()).toBe(3);
        expect(await dialog.textContent()).not.toMatch(/zoom \d/i);
        const name = dialog.getByRole('textbox', { name: 'Name' });
        expect(await name.inputValue()).toBe(`Near ${spot.name}`);
        // One choice at a time.
        await dialog.getByRole('radio', { name: /^Overview/ }).check();
        expect(await street.isChecked()).toBe(false);
        await street.check();
        await page.screenshot({ path: path.join(shots, `${kind}-areas-dialog-new.png`) });

        // The Close button closes it.
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });

        const again = await openDialog(page);
        await again.getByRole('textbox', { name: 'Name' }).fill('Beech wood');
        await again.getByRole('button', { name: 'Download' }).click();
        await again.getByText(/^Saved \d+ tiles \(/).waitFor();
        const listed = again.getByRole('listitem', { name: 'Beech wood' });
        expect(await listed.textContent()).toMatch(/^Beech wood\d+(\.\d)? (MB|kB) · saved .*\d{4}/);
        // Escape after the download, its Cancel button gone: the dialog closes.
        await page.keyboard.press('Escape');
        await again.waitFor({ state: 'detached' });

        const third = await openDialog(page);
        const area = third.getByRole('listitem', { name: 'Beech wood' });
        await area.waitFor();
        await page.screenshot({ path: path.join(shots, `${kind}-areas-dialog-saved.png`) });
        expect(await severeAxe(page)).toEqual([]);
        await area.getByRole('button', { name: 'Rename' }).click();
        await area.getByRole('textbox', { name: 'New name' }).fill('Beech wood, north');
        await area.getByRole('button', { name: 'Save' }).click();
        const renamed = third.getByRole('listitem', { name: 'Beech wood, north' });
        await renamed.waitFor();

        await renamed.getByRole('button', { name: 'Update' }).click();
        await third.getByText(/^Saved \d+ tiles \(/).waitFor();
        expect(await third.getByRole('listitem').count()).toBe(1);
        await renamed.waitFor();

        await renamed.getByRole('button', { name: 'Delete' }).click();
        await third.getByRole('region', { name: 'Saved map areas' }).waitFor({ state: 'detached' });
        await page.keyboard.press('Escape');
        await third.waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    },
  );
});

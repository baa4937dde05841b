import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, signUp, uniqueEmail } from './support/browser.ts';
import { desktop1280, forestTab, phone390, phoneShot } from './support/forest.ts';
import { createSpots } from './support/journal.ts';
import { readPreferences } from './support/preferences.ts';
import { api } from './support/seasons-journal.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A day `daysAgo` before today, as the date input and the API write it. */
function dayBefore(daysAgo: number): string {
  const day = new Date();
  day.setDate(day.getDate() - daysAgo);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A real JPEG whose EXIF says the camera took it on `day` (YYYY-MM-DD) at 07:45. */
async function photoTakenOn(file: string, day: string): Promise<string> {
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6b8e4e' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Forest', Model: 'Test camera' },
      IFD2: { DateTimeOriginal: `${day.replaceAll('-', ':')} 07:45:10` },
    })
    .toFile(file);
  return file;
}

const activeName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return `${active?.tagName ?? ''}:${active?.getAttribute('aria-label') ?? active?.id ?? ''}`;
  });

interface Spot {
  id: string;
  entries: { id: string; date: string; finds: { species: string }[] }[];
}

describe.skipIf(e2e.skip)('the entry form', () => {
  let browser: Browser;
  let workDir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    workDir = mkdtempSync(path.join(tmpdir(), 'fj-entry-form-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it.each([
    ['phone', phone390],
    ['desktop', desktop1280],
  ] as const)(
    "is dated from its photo's EXIF, adds a new species to the lists, and focus follows (%s)",
    async (tag, viewport) => {
      const { page, context } = await forestTab(browser, viewport);
      await signUp(page, uniqueEmail(`entry-${tag}`));
      const [id = ''] = await createSpots(page, [
        { name: 'Mossy bank', position: { lat: 50.1, lng: 8.6 }, categories: ['mushrooms'] },
      ]);
      await page.goto(`/?location=${id}`);
      const panel = page.getByRole('complementary', { name: 'Mossy bank' });
      await panel.waitFor();

      // Add entry opens at the top of its form, the date focused.
      await panel.getByRole('button', { name: 'Add entry' }).click();
      const form = panel.locator('form.entry-form');
      const date = form.getByLabel('Date', { exact: true });
      await expect
        .poll(() => date.evaluate((input) => input === document.activeElement))
        .toBe(true);
      const [formTop, panelTop] = await Promise.all([
        form.evaluate((element) => element.getBoundingClientRect().top),
        panel.evaluate((element) => element.getBoundingClientRect().top),
      ]);
      expect(formTop).toBeGreaterThanOrEqual(panelTop - 2);
      expect(formTop - panelTop).toBeLessThan(viewport.height / 2);

      const taken = dayBefore(40);
      await form
        .getByLabel('Add photos')
        .setInputFiles(await photoTakenOn(path.join(workDir, `walk-${tag}.jpg`), taken));
      await expect.poll(() => date.inputValue()).toBe(taken);
      await form.getByText('Dated from your photo, taken').waitFor();

      await form.getByRole('button', { name: 'Add another species' }).click();
      await form.getByLabel('New species').fill('hedgehog mushroom');
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      // The new species is added, then ticked: wait for both.
      const added = form.getByRole('checkbox', { name: 'hedgehog mushroom' });
      await expect.poll(() => added.isChecked()).toBe(true);
      await form.locator('.photo-thumb').waitFor({ timeout: 30_000 });
      await form.scrollIntoViewIfNeeded();
      await phoneShot(page, `entry-from-photo-${tag}`);

      await form.getByRole('button', { name: 'Save entry' }).click();
      const card = panel.locator('article.entry-card');
      await card.waitFor();
      // Focus lands on the entry just added.
      await expect.poll(() => activeName(page)).toMatch(/^ARTICLE:Entry of /);

      const spots = await api<Spot[] | { data: Spot[] }>(page, '/locations');
      const spot = (Array.isArray(spots) ? spots : spots.data).find((item) => item.id === id);
      expect(spot?.entries[0]?.date).toBe(taken);
      expect(spot?.entries[0]?.finds.map((find) => find.species)).toEqual(['hedgehog mushroom']);
      await expect
        .poll(async () => (await readPreferences(page)).customSpecies.mushrooms)
        .toContain('hedgehog mushroom');
      await context.close();
    },
  );
});

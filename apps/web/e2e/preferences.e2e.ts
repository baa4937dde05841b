import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  e2e,
  launchBrowser,
  openTab,
  phone,
  screenshot,
  signUp,
  uniqueEmail,
} from './support/browser.ts';
import { preferencesSaved, readPreferences } from './support/preferences.ts';

describe.skipIf(e2e.skip)('no edit loses a preference value', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a new user adds terrain "Scree" and tree "Rowan": the defaults stay on the server', async () => {
    const { page, context } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('prefs'));
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'mushrooms' }).waitFor();

    const terrainSaved = preferencesSaved(page, '/terrain');
    await page.getByLabel('New terrain type').fill('Scree');
    await page.getByLabel('New terrain type').press('Enter');
    expect((await terrainSaved).status()).toBe(200);
    const treeSaved = preferencesSaved(page, '/trees');
    await page.getByLabel('New tree type').fill('Rowan');
    await page.getByLabel('New tree type').press('Enter');
    expect((await treeSaved).status()).toBe(200);
    await page.getByRole('button', { name: 'Remove tree type Rowan' }).waitFor();
    await page.getByRole('region', { name: 'Terrain types' }).screenshot({
      path: `${e2e.artifactsDir}/settings-terrain-scree-375.png`,
    });

    const saved = await readPreferences(page);
    expect(saved.customTerrainTypes).toEqual(['forest', 'meadow', 'riverbank', 'Scree']);
    expect(saved.customTreeTypes).toEqual(['oak', 'maple', 'pine', 'Rowan']);
    await context.close();
  });

  it('odd names (constructor, toString, __proto__) are added, saved and removed', async () => {
    const { page, context } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('odd-names'));
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'mushrooms' }).waitFor();
    for (const name of ['constructor', 'toString', '__proto__']) {
      const categorySaved = preferencesSaved(page, '/categories');
      await page.getByLabel('New category').fill(name);
      await page.getByLabel('New category').press('Enter');
      await categorySaved;
      const speciesSaved = preferencesSaved(page, `/species/${encodeURIComponent(name)}`);
      await page.getByLabel(`New species in ${name}`).fill('hazel');
      await page.getByLabel(`New species in ${name}`).press('Enter');
      await speciesSaved;
      const terrainSaved = preferencesSaved(page, '/terrain');
      await page.getByLabel('New terrain type').fill(name);
      await page.getByLabel('New terrain type').press('Enter');
      await terrainSaved;
    }
    await screenshot(page, 'settings-odd-names-375x812');
    const saved = await readPreferences(page);
    expect(saved.customSpeciesCategories).toEqual([
      'mushrooms',
      'berries',
      'herbs',
      'constructor',
      'toString',
      '__proto__',
    ]);
    expect(Object.entries(saved.customSpecies)).toEqual(
      expect.arrayContaining([
        ['constructor', ['hazel']],
        ['toString', ['hazel']],
        ['__proto__', ['hazel']],
      ]),
    );
    expect(saved.customTerrainTypes).toEqual([
      'forest',
      'meadow',
      'riverbank',
      'constructor',
      'toString',
      '__proto__',
    ]);

    // A reload reads them back from the server; then each is removed again.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('heading', { name: '__proto__' }).waitFor();
    for (const name of ['constructor', 'toString', '__proto__']) {
      const removed = preferencesSaved(page, '/categories');
      await page.getByRole('button', { name: `Remove category ${name}` }).click();
      await removed;
      const terrainRemoved = preferencesSaved(page, '/terrain');
      await page.getByRole('button', { name: `Remove terrain type ${name}` }).click();
      await terrainRemoved;
    }
    const after = await readPreferences(page);
    expect(after.customSpeciesCategories).toEqual(['mushrooms', 'berries', 'herbs']);
    expect(after.customTerrainTypes).toEqual(['forest', 'meadow', 'riverbank']);
    await context.close();
  });
});

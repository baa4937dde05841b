import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  e2e,
  launchBrowser,
  openTab,
  phone,
  screenshot,
  signUp,
  uniqueEmail,
} from './support/browser.ts';
import { untilControlled } from './support/saved-areas.ts';
import {
  filterChip,
  serverSearch,
  showFilters,
  writeSearchJournal,
} from './support/search-journal.ts';

/**
 * Habitat search in the app (docs/behaviour.md#search-page, #search-map): the query box and its
 * chips on the Locations page, the search kept in the URL across reload and Back, a saved
 * search, the search as a map layer with the open spot's matching visits marked, keyboard use,
 * and the same answers offline after a reload, from the device's copy.
 */

const habitat = 'chanterelle tree:oak month:jul-sep';

/** The Locations page's list: the spots' names, in order. */
async function listed(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Spots' }).locator('.location-name').allTextContents();
}

const status = (page: Page) => page.locator('.list-count');

describe.skipIf(e2e.skip)('habitat search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('types a query, builds one with chips, keeps it in the URL across reload and Back, and saves it', async () => {
    const { page, context } = await openTab(browser, desktop);
    await signUp(page, uniqueEmail('search'));
    await writeSearchJournal(page);
    await page.goto('/locations');
    await status(page).getByText('Showing all 3 spots').waitFor();

    // Keyboard only: the box, typed, Enter.
    const box = page.getByLabel('Search spots');
    await box.focus();
    await page.keyboard.type(habitat);
    await page.keyboard.press('Enter');
    await status(page).getByText('Showing 1 of 3 spots · 2 matching visits').waitFor();
    expect(await listed(page)).toEqual(['Oak ridge']);
    expect(await serverSearch(page, habitat)).toEqual({ names: ['Oak ridge'], entries: 2 });
    expect(new URL(page.url()).searchParams.get('q')).toBe(habitat);
    await page
      .getByRole('link', { name: /Oak ridge/ })
      .getByText('2 matching visits')
      .waitFor();
    await screenshot(page, 'search-locations-desktop');

    // Reload keeps it, box and answer.
    await page.reload();
    await status(page).getByText('Showing 1 of 3 spots · 2 matching visits').waitFor();
    expect(await box.inputValue()).toBe(habitat);

    // A condition's chip takes it out (Tab reaches it; Enter presses it).
    const removeTree = page.getByRole('button', { name: 'Remove tree:oak' });
    await removeTree.focus();
    await page.keyboard.press('Enter');
    await status(page).getByText('Showing 2 of 3 spots · 3 matching visits').waitFor();
    expect(await listed(page)).toEqual(['Beech hanger', 'Oak ridge']);
    expect(await box.inputValue()).toBe('chanterelle month:jul-sep');

    // Filter chips write the box; accents and case aside.
    await showFilters(page);
    await filterChip(page, 'Tree', 'Beech').click();
    await status(page).getByText('Showing 1 of 3 spots').waitFor();
    expect(await box.inputValue()).toBe('chanterelle month:jul-sep tree:Beech');
    expect(await listed(page)).toEqual(['Beech hanger']);
    await page.goBack();
    await status(page).getByText('Showing 2 of 3 spots').waitFor();
    expect(await box.inputValue()).toBe('chanterelle month:jul-sep');

    // An empty answer says which condition emptied it, and drops it.
    await page.getByRole('button', { name: /Favourites only/ }).click();
    await page.getByRole('heading', { name: 'No spot matches all of this' }).waitFor();
    await page.getByText('leaves nothing: without it, 2 spots match').waitFor();
    await screenshot(page, 'search-empty-desktop');
    await page.getByRole('button', { name: 'Drop is:favorite' }).click();
    await status(page).getByText('Showing 2 of 3 spots').waitFor();

    // Accents folded: "cepe" finds "Cèpes" and "CÈPE" in the notes.
    await box.fill('cepe');
    await status(page).getByText('Showing 2 of 3 spots · 2 matching visits').waitFor();
    expect((await listed(page)).sort()).toEqual(['Ash dell', 'Oak ridge']);

    // An unreadable key is named, with a way out.
    await box.fill('month:soon');
    await page.getByRole('heading', { name: 'This search cannot be read' }).waitFor();
    await page.getByRole('button', { name: 'Drop month' }).click();
    await status(page).getByText('Showing all 3 spots').waitFor();

    // Saved, it is one tap away.
    await box.fill(habitat);
    await status(page).getByText('Showing 1 of 3 spots').waitFor();
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill('Oak chanterelles');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = page.getByRole('button', { name: 'Oak chanterelles' });
    expect(await saved.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await status(page).getByText('Showing all 3 spots').waitFor();
    await saved.click();
    await status(page).getByText('Showing 1 of 3 spots').waitFor();
    expect(await box.inputValue()).toBe(habitat);
    await context.close();
  });

  it('shows a search and a saved search as map layers, and marks the open spot’s matching visits', async () => {
    const { page, context } = await openTab(browser, desktop);
    await signUp(page, uniqueEmail('search-map'));
    const ids = await writeSearchJournal(page);
    await page.evaluate(async () => {
      const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string };
      await fetch('/api/v1/searches', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'Morels', query: 'species:morel' }),
      });
    });
    await page.goto('/locations');
    await page.getByLabel('Search spots').fill(habitat);
    await status(page).getByText('Showing 1 of 3 spots').waitFor();
    await page.getByRole('link', { name: 'Show on map' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const bar = page.getByTestId('map-search-layer');
    await bar.getByText('1 of 3 spots match').waitFor();
    // The match drawn as it is, the others faint.
    await page.getByRole('button', { name: 'Oak ridge (matches)' }).waitFor();
    expect(await page.locator('.map-spot[data-dim="true"]').count()).toBe(2);
    await page.locator('.maplibregl-canvas[data-shown]').waitFor({ state: 'attached' });
    await screenshot(page, 'search-map-desktop');

    // The open spot marks the visits that matched.
    await page.getByRole('button', { name: 'Oak ridge (matches)' }).click();
    const panel = page.getByRole('complementary', { name: 'Oak ridge' });
    await panel.getByText('2 visits here match the search, marked below.').waitFor();
    expect(await panel.getByRole('article', { name: /matches the search$/ }).count()).toBe(2);
    expect(await panel.getByRole('article').count()).toBe(3);
    await screenshot(page, 'search-map-panel-desktop');
    expect(new URL(page.url()).searchParams.get('location')).toBe(ids.oak);

    // A saved search as the layer, from the control column.
    await page.goto('/');
    await page.getByRole('button', { name: 'Saved searches' }).click();
    await page.getByRole('button', { name: /^Morels/ }).click();
    await bar.getByText('2 of 3 spots match').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('species:morel');
    await page.getByRole('button', { name: 'Beech hanger' }).waitFor();
    expect(await page.locator('.map-spot[data-dim="true"]').count()).toBe(1);

    // The map's box: keys work there too, and "Show all" leads with them (keyboard).
    await page.getByRole('button', { name: 'Clear the search from the map' }).click();
    await bar.waitFor({ state: 'detached' });
    const mapBox = page.getByRole('combobox', { name: 'Search places and your spots' });
    await mapBox.focus();
    await page.keyboard.type('tree:oak');
    await page.getByRole('option', { name: /Show all 2 matching spots on the map/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await bar.getByText('2 of 3 spots match').waitFor();
    expect(await page.locator('.map-spot[data-dim="true"]').count()).toBe(1);
    await context.close();
  });

  it('searches the same offline after a reload, from the device’s copy, on a phone', async () => {
    const { page, context } = await openTab(browser, phone, { serviceWorkers: 'allow' });
    await signUp(page, uniqueEmail('search-offline'));
    await writeSearchJournal(page);
    const queries = ['morel -cepe', habitat, 'species:chanterelle', 'cepe', 'is:favorite tree:oak'];
    const server = new Map<string, string[]>();
    for (const query of queries) server.set(query, (await serverSearch(page, query)).names);
    const online = { names: server.get('morel -cepe') };
    await page.goto(`/locations?q=${encodeURIComponent('morel -cepe')}`);
    await status(page).getByText('Showing 1 of 3 spots').waitFor();
    expect(await listed(page)).toEqual(online.names);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill('Morels, no cèpes');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'search-locations-phone');
    await untilControlled(page);
    await context.setOffline(true);
    try {
      await page.reload();
      const openOffline = page.getByRole('button', { name: 'Open my journal offline' });
      await status(page).or(openOffline).first().waitFor();
      if (await openOffline.isVisible()) await openOffline.click();
      await status(page)
        .getByText('Showing 1 of 3 spots · 1 matching visit · searched on this device')
        .waitFor();
      expect(await listed(page)).toEqual(online.names);

      // Every query the server answered before, the device answers alike.
      for (const query of queries) {
        const box = page.getByLabel('Search spots');
        await box.fill(query);
        await box.press('Enter');
        await expect.poll(() => listed(page), { message: query }).toEqual(server.get(query));
        expect(await status(page).textContent()).toContain('searched on this device');
      }

      // The saved searches are on the device too.
      await page.getByRole('button', { name: 'Morels, no cèpes' }).click();
      await status(page).getByText('Showing 1 of 3 spots').waitFor();
      await screenshot(page, 'search-offline-phone');

      // And on the map, offline: the layer, its bar clear of the column of buttons.
      await page.getByRole('link', { name: 'Show on map' }).click();
      const bar = page.getByTestId('map-search-layer');
      await bar.getByText('1 of 3 spots match (searched on this device)').waitFor();
      await page.locator('.maplibregl-canvas[data-shown]').waitFor({ state: 'attached' });
      const [barBox, column] = await Promise.all([
        bar.boundingBox(),
        page.getByRole('group', { name: 'Map controls' }).boundingBox(),
      ]);
      expect((barBox?.x ?? 0) + (barBox?.width ?? 0)).toBeLessThanOrEqual(column?.x ?? 0);
      await screenshot(page, 'search-map-phone');
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

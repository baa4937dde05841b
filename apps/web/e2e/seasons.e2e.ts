import AxeBuilder from '@axe-core/playwright';
import type { Entry } from '@fj/contract/entries';
import type { SpeciesSeason } from '@fj/contract/seasonality';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  e2e,
  launchBrowser,
  openTab,
  phone,
  signUp,
  uniqueEmail,
} from './support/browser.ts';
import { createSpots } from './support/journal.ts';
import { untilControlled } from './support/saved-areas.ts';
import { api, beechSlope, writeSeasonsJournal } from './support/seasons-journal.ts';

/**
 * Finds on the entry form and the seasons seen on the device (docs/behaviour.md#seasons): the
 * Seasons page, a species' chart and tables, a spot's calendar and the home card, with the
 * browser's clock set; the same numbers as GET /seasonality; offline after a reload.
 */

/** A table's body rows, each as its cells' texts (header cell first). */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

/** The species view's month table as the API's months: [month, visits, found]. */
/** A day as the page's locale writes it in the app's visit-date format (lib/dates.ts). */
const visitDay = (page: Page, iso: string) =>
  page.evaluate((day) => {
    const [y, m, d] = day.split('-').map(Number);
    const format = { day: 'numeric', month: 'short', year: 'numeric' } as const;
    return new Intl.DateTimeFormat(undefined, format).format(new Date(y ?? 0, (m ?? 1) - 1, d));
  }, iso);

const monthTriples = (rows: string[][]) =>
  rows.map(([, visits, found], index) => [index + 1, Number(visits), Number(found)]);

async function seriousAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A new account on a page whose clock reads `date` (local time, mid-morning). */
async function signUpOn(
  browser: Browser,
  date: string,
  viewport: { width: number; height: number } = desktop,
) {
  const tab = await openTab(browser, viewport);
  await tab.page.clock.install({ time: new Date(`${date}T10:00:00`) });
  await signUp(tab.page, uniqueEmail('seasons'));
  return tab;
}

describe.skipIf(e2e.skip)('finds and seasons', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('takes quantities and "Found nothing" on the entry form; the card shows them and the server stored them', async () => {
    const { page, context } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('finds'));
    const [id = ''] = await createSpots(page, [
      { name: 'Beech slope', position: beechSlope, categories: ['mushrooms'] },
    ]);
    await page.goto(`/?location=${id}`);
    const panel = page.getByRole('complementary', { name: 'Beech slope' });
    await panel.getByRole('button', { name: 'Add entry' }).click();
    const form = panel.locator('form.entry-form');
    await form.getByRole('checkbox', { name: 'chanterelle' }).check();
    await form.getByRole('checkbox', { name: 'morel' }).check();
    await form.getByLabel('Quantity of chanterelle').fill('1,2');
    await form.getByLabel('Unit of chanterelle').selectOption('kg');
    await form.getByLabel('Quantity of morel').fill('14');
    await form.getByRole('button', { name: 'Save entry' }).click();
    const found = panel.getByRole('list', { name: 'Species found' });
    await found.waitFor();
    expect(await found.textContent()).toBe('chanterelle 1.2 kg, morel 14');

    await panel.getByRole('button', { name: 'Add entry' }).click();
    await form.getByRole('checkbox', { name: 'oyster' }).check();
    await form.getByRole('switch', { name: 'Found nothing' }).click();
    expect(await form.getByRole('checkbox', { name: 'oyster' }).isChecked()).toBe(false);
    await form.getByRole('button', { name: 'Save entry' }).click();
    await panel.getByRole('article').getByText('Found nothing', { exact: true }).waitFor();

    const answer = await api<{ data?: { entries: Entry[] }; entries?: Entry[] }>(
      page,
      `/locations/${id}`,
    );
    const entries = answer.data?.entries ?? answer.entries ?? [];
    const stored = entries.map(({ finds, nothingFound, species }) => ({
      finds,
      nothingFound: nothingFound ?? false,
      species,
    }));
    expect(stored).toEqual(
      expect.arrayContaining([
        {
          finds: [
            { species: 'chanterelle', quantity: 1.2, unit: 'kg' },
            { species: 'morel', quantity: 14, unit: 'count' },
          ],
          nothingFound: false,
          species: ['chanterelle', 'morel'],
        },
        { finds: [], nothingFound: true, species: [] },
      ]),
    );
    expect(stored).toHaveLength(2);
    await context.close();
  });

  it('shows the Seasons page, a species and a spot calendar with the numbers GET /seasonality gives', async () => {
    const { page, context } = await signUpOn(browser, '2026-07-25');
    const ids = await writeSeasonsJournal(page);
    await page.goto('/seasons');
    const list = page.getByRole('list', { name: 'Species by season' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      'chanterelleJul 10 – Sep 2 · 3 findsIn season now',
      'hedgehogJul 10 – Aug 1 · 2 findsIn season now',
      // Wraps over the new year; next opens in December.
      `velvet shankDec 10 – Feb 20 · 3 findsNext from ${await visitDay(page, '2026-12-10')}`,
    ]);
    expect(await list.getByRole('img', { name: 'Season: Dec 10 – Feb 20' }).count()).toBe(1);
    expect(await seriousAxe(page)).toEqual([]);

    await list.getByRole('link', { name: /^chanterelle/ }).click();
    await page.getByRole('heading', { name: 'chanterelle', level: 2 }).waitFor();
    await page.getByText('Found on 3 of 5 visits to its spots · Season Jul 10 – Sep 2').waitFor();
    const months = await tableRows(page.getByRole('table', { name: 'chanterelle by month' }));
    expect(months.slice(6, 10)).toEqual([
      ['Jul', '2', '2', '1.7 kg'],
      ['Aug', '1', '0', ''],
      ['Sep', '1', '1', ''],
      ['Oct', '1', '0', ''],
    ]);
    const years = await tableRows(page.getByRole('table', { name: 'chanterelle year by year' }));
    expect(years).toEqual([
      ['2025', '3', '2', await visitDay(page, '2025-07-20'), await visitDay(page, '2025-09-02')],
      ['2024', '2', '1', await visitDay(page, '2024-07-10'), await visitDay(page, '2024-07-10')],
    ]);
    // The device's numbers are the server's.
    const server = await api<{ data: SpeciesSeason }>(page, '/seasonality?species=chanterelle');
    expect(monthTriples(months)).toEqual(
      server.data.months.map((month) => [month.month, month.visits, month.found]),
    );
    expect(server.data.window).toEqual({ from: '07-10', to: '09-02' });
    expect(await seriousAxe(page)).toEqual([]);

    await page.goto(`/?location=${ids.beech}`);
    const calendar = page.getByRole('table', { name: 'Months each species was found here' });
    await calendar.waitFor();
    expect(
      (await tableRows(calendar)).map((row) => [row[0], ...row.slice(7, 11), row[13]]),
    ).toEqual([
      ['chanterelle', '2', '', '1', '', 'Jul 10 – Sep 2'],
      ['hedgehog', '1', '', '', '', 'Jul 10'],
    ]);
    const chanterelle = calendar.getByRole('row', { name: /^chanterelle/ });
    expect(await chanterelle.getByRole('cell', { name: 'Aug: found 0 of 1 visits' }).count()).toBe(
      1,
    );
    expect(await chanterelle.getByRole('cell', { name: 'Jan: no visits' }).count()).toBe(1);
    const spotServer = await api<{ data: SpeciesSeason }>(
      page,
      `/seasonality?species=hedgehog&locationId=${ids.beech}`,
    );
    expect(spotServer.data.window).toEqual({ from: '07-10', to: '07-10' });
    await context.close();
  });

  it('shows "In season now" on a day inside a window, nearest spot first, and nothing outside one', async () => {
    const { page, context } = await signUpOn(browser, '2026-07-25');
    await writeSeasonsJournal(page);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Seasons today' });
    await card.getByRole('heading', { name: 'In season now' }).waitFor();
    const items = card.getByRole('listitem');
    // Without a position: the spot with the most, then the latest, finds first.
    expect(await items.allTextContents()).toEqual([
      'chanterelleBeech slope',
      'hedgehogOak ridge, Beech slope',
    ]);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: beechSlope.lat, longitude: beechSlope.lng });
    await page.getByRole('button', { name: 'Use my position' }).click();
    await items.filter({ hasText: /^hedgehogBeech slope \(/ }).waitFor();
    expect(await items.nth(1).textContent()).toMatch(
      /^hedgehogBeech slope \(.+\), Oak ridge \(.+\)$/,
    );

    await page.clock.setSystemTime(new Date('2026-11-01T10:00:00'));
    await page.reload();
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.getByText('2 spots on the map').waitFor({ state: 'attached' });
    expect(await card.count()).toBe(0);
    await page.goto('/seasons');
    await page.getByRole('list', { name: 'Species by season' }).waitFor();
    expect(await page.getByText('In season now').count()).toBe(0);
    await context.close();
  });

  it('says "A year ago this week" near a find\'s date, and Dismiss keeps it away that day', async () => {
    const { page, context } = await signUpOn(browser, '2026-07-19', phone);
    await writeSeasonsJournal(page);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Seasons today' });
    const memory = card.getByText('A year ago this week you found chanterelle at Beech slope');
    await memory.waitFor();
    // On a phone the list starts folded: the card must not hide the map.
    await card.getByRole('button', { name: 'Show 2' }).click();
    await card.getByRole('link', { name: 'chanterelle' }).waitFor();
    await card.getByRole('button', { name: 'Dismiss' }).click();
    expect(await memory.count()).toBe(0);
    await page.reload();
    await card.getByRole('heading', { name: 'In season now' }).waitFor();
    expect(await memory.count()).toBe(0);
    await context.close();
  });

  it('opens the Seasons page and a species offline after a reload, from the device copy', async () => {
    const { page, context } = await openTab(browser, phone, { serviceWorkers: 'allow' });
    await page.clock.install({ time: new Date('2026-07-25T10:00:00') });
    await signUp(page, uniqueEmail('seasons-offline'));
    await writeSeasonsJournal(page);
    await page.goto('/seasons');
    const list = page.getByRole('list', { name: 'Species by season' });
    await list.getByRole('link', { name: /^velvet shank/ }).waitFor();
    await untilControlled(page);
    await context.setOffline(true);
    try {
      await page.reload();
      const openOffline = page.getByRole('button', { name: 'Open my journal offline' });
      await list.or(openOffline).first().waitFor();
      if (await openOffline.isVisible()) await openOffline.click();
      await list.getByRole('link', { name: /^velvet shank/ }).click();
      const months = await tableRows(page.getByRole('table', { name: 'velvet shank by month' }));
      expect(monthTriples(months).filter(([, visits]) => visits !== 0)).toEqual([
        [1, 1, 1],
        [2, 1, 1],
        [8, 1, 0],
        [12, 1, 1],
      ]);
      await page
        .getByText('Found on 3 of 4 visits to its spots · Season Dec 10 – Feb 20')
        .waitFor();
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

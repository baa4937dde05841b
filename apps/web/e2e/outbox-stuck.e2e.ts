import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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
import { createSpots } from './support/journal.ts';

interface ServerSpot {
  id: string;
  name: string;
  description?: string;
}

/** The user's spots as the server holds them, read from outside the browser. */
async function serverJournal(context: BrowserContext): Promise<ServerSpot[]> {
  const cookie = (await context.cookies(e2e.baseUrl))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const tokenAnswer = await fetch(`${e2e.baseUrl}/api/auth/token`, { headers: { cookie } });
  const { token } = (await tokenAnswer.json()) as { token: string };
  const answer = await fetch(`${e2e.baseUrl}/api/v1/locations`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { data: ServerSpot[] }).data;
}

const status = (page: Page) => page.locator('.sync-status');

async function openSpot(page: Page, id: string, name: string): Promise<Locator> {
  await page.goto(`/?location=${encodeURIComponent(id)}`);
  const details = page.getByRole('complementary', { name });
  await details.getByRole('heading', { name }).waitFor();
  return details;
}

async function editDescription(details: Locator, description: string) {
  await details.getByRole('button', { name: 'Edit', exact: true }).first().click();
  await details.getByLabel('Description').fill(description);
  await details.getByRole('button', { name: 'Save' }).click();
  await details.page().locator('.Toastify__toast', { hasText: 'Changes saved' }).first().waitFor();
}

describe.skipIf(e2e.skip)('a change the server keeps refusing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('waits in the sync panel with the server message while an unrelated write goes straight up', async () => {
    const { page, context } = await openTab(browser, phone);
    await signUp(page, uniqueEmail('outbox-stuck'));
    const [oakId = '', birchId = ''] = await createSpots(page, [
      { name: 'Oak ridge', position: { lat: 51.1, lng: 7.1 } },
      { name: 'Birch hollow', position: { lat: 51.2, lng: 7.2 } },
    ]);
    // The server cannot take changes to Oak ridge (a 500 each time) until the test says so.
    const oakPath = `**/api/v1/locations/${oakId}`;
    let refusals = 0;
    await page.route(oakPath, (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      refusals += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Database is locked' } }),
      });
    });

    const oak = await openSpot(page, oakId, 'Oak ridge');
    await context.setOffline(true);
    await editDescription(oak, 'Ceps under the oaks');
    await context.setOffline(false);
    await expect.poll(() => refusals, { timeout: 30_000 }).toBeGreaterThan(0);

    // Another spot's change goes straight to the server, not behind the stuck one.
    const birch = await openSpot(page, birchId, 'Birch hollow');
    await editDescription(birch, 'Birch boletes after rain');
    await status(page).getByText('1 change waiting').waitFor();
    const meanwhile = await serverJournal(context);
    expect(meanwhile.find((spot) => spot.id === birchId)?.description).toBe(
      'Birch boletes after rain',
    );
    expect(meanwhile.find((spot) => spot.id === oakId)?.description ?? '').toBe('');

    // The stuck change waits in the sync panel with the server's message, Retry and Discard.
    const panel = page.getByRole('dialog', { name: 'Sync' });
    await status(page).click();
    const waiting = panel.getByRole('region', { name: 'Waiting to sync' });
    await waiting.getByText('Database is locked').waitFor({ timeout: 30_000 });
    await waiting.getByRole('button', { name: /^Retry: / }).waitFor();
    await waiting.getByRole('button', { name: /^Discard: / }).waitFor();
    await screenshot(page, 'outbox-stuck-sync-panel-375x812');
    await panel.getByRole('button', { name: 'Close' }).click();

    // The server takes it again: Retry sends it.
    await page.unroute(oakPath);
    await status(page).click();
    await panel.getByRole('button', { name: /^Retry: / }).click();
    await panel.getByText('Every change is on the server.').waitFor({ timeout: 30_000 });
    const after = await serverJournal(context);
    expect(after.find((spot) => spot.id === oakId)?.description).toBe('Ceps under the oaks');
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, e2e, launchBrowser, openTab, signUp, uniqueEmail } from './support/browser.ts';
import { createSpots } from './support/journal.ts';

interface Answer {
  status: number;
  body: unknown;
}

/** One API call with the page's own session, answering the status and the parsed body. */
async function callApi(page: Page, method: string, path: string): Promise<Answer> {
  return page.evaluate(
    async ({ verb, url }) => {
      const tokenAnswer = await fetch('/api/auth/token', { credentials: 'include' });
      const { token } = (await tokenAnswer.json()) as { token: string };
      const response = await fetch(`/api/v1${url}`, {
        method: verb,
        credentials: 'include',
        headers: {
          authorization: `Bearer ${token}`,
          ...(verb === 'PUT' ? { 'content-type': 'application/json' } : {}),
        },
        ...(verb === 'PUT' ? { body: JSON.stringify({ name: 'Taken over' }) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    { verb: method, url: path },
  );
}

describe.skipIf(e2e.skip)('one forager’s spots are invisible to another', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a second user an empty map and list, and nothing at the first user’s spot URL', async () => {
    const first = await openTab(browser, desktop);
    await signUp(first.page, uniqueEmail('owner'));
    const [secretId = ''] = await createSpots(first.page, [
      {
        name: 'Secret morel glade',
        position: { lat: 50.31, lng: 8.52 },
        categories: ['mushrooms'],
        species: ['morel'],
      },
    ]);
    expect(secretId).not.toBe('');
    await first.page.goto(`/?location=${secretId}`);
    await first.page
      .getByRole('complementary', { name: 'Secret morel glade' })
      .getByRole('heading', { name: 'Secret morel glade' })
      .waitFor();

    // A fresh browser profile: no cookie, no storage shared with the first user.
    const second = await openTab(browser, desktop);
    const { page } = second;
    await signUp(page, uniqueEmail('stranger'));
    await page.getByText('No spots on the map yet').waitFor({ state: 'attached' });
    await page.getByRole('region', { name: 'Add your first spot' }).waitFor();

    await page.goto('/locations');
    await page.getByRole('heading', { name: 'No spots yet' }).waitFor();
    expect(await page.locator('.location-item').count()).toBe(0);

    await page.goto(`/?location=${secretId}`);
    await page.getByRole('heading', { name: /^Hello, / }).waitFor({ state: 'attached' });
    await page.getByText('No spots on the map yet').waitFor({ state: 'attached' });
    await page.getByRole('region', { name: 'Add your first spot' }).waitFor();
    expect(await page.getByRole('complementary').count()).toBe(0);
    expect(await page.getByText('Secret morel glade').count()).toBe(0);
    expect(await page.getByText('morel', { exact: true }).count()).toBe(0);

    // The API says the same: the spot does not exist for them, and cannot be changed.
    const list = await callApi(page, 'GET', '/locations');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [] });
    expect((await callApi(page, 'GET', `/locations/${secretId}`)).status).toBe(404);
    expect((await callApi(page, 'PUT', `/locations/${secretId}`)).status).toBe(404);
    expect((await callApi(page, 'DELETE', `/locations/${secretId}`)).status).toBe(404);

    // …and the owner still has it, unchanged.
    const owned = await callApi(first.page, 'GET', `/locations/${secretId}`);
    expect(owned.status).toBe(200);
    expect(owned.body).toMatchObject({ id: secretId, name: 'Secret morel glade' });
    await second.context.close();
    await first.context.close();
  });
});

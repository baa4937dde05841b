import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, openTab, phone, signUp, uniqueEmail } from './support/browser.ts';
import { createSpots } from './support/journal.ts';

/** An owner's call to the API with the page's own session (cookie → ID token → bearer). */
function ownerCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string };
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
}

describe.skipIf(e2e.skip)('a share link, opened with no account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the 20 km square and no position on a 375 px phone; after a revoke, says it ended', async () => {
    const owner = await openTab(browser);
    await signUp(owner.page, uniqueEmail('share-owner'));
    const [spotId] = await createSpots(owner.page, [
      { name: 'Edge meadow', position: { lat: 45.6000049, lng: -122.3999951 } },
    ]);
    const created = await ownerCall(owner.page, 'POST', '/shares', {
      locationIds: [spotId],
      audience: { link: true },
      precision: 'cell02',
      dates: 'month',
    });
    expect(created.status).toBe(201);
    const { id, url } = (JSON.parse(created.text) as { data: { id: string; url: string } }).data;
    const link = new URL(url);
    const token = link.hash.slice(1);

    const viewer = await openTab(browser, phone);
    const requested: string[] = [];
    viewer.page.on('request', (request) => requested.push(request.url()));
    await viewer.page.goto(`${link.pathname}${link.hash}`);
    await viewer.page.getByRole('heading', { name: /^Spots shared by / }).waitFor();
    await viewer.page
      .getByText('Somewhere in the 20 km square 45.6° N to 45.8° N, 122.4° W to 122.2° W')
      .waitFor();
    const html = await viewer.page.content();
    expect(html).not.toContain('45.6000049');
    expect(html).not.toContain('122.3999951');
    expect(new URL(viewer.page.url()).hash).toBe('');
    expect(requested.filter((address) => address.includes(token))).toEqual([]);

    expect((await ownerCall(owner.page, 'DELETE', `/shares/${id}`)).status).toBe(204);
    const again = await openTab(browser, phone);
    await again.page.goto(`${link.pathname}${link.hash}`);
    await again.page
      .getByRole('alert')
      .getByText('This link has expired, was revoked, or is not complete.')
      .waitFor();
  });
});

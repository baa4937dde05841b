import type { Browser, Page } from 'playwright-core';
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
import { pageShot, signOut } from './support/journal.ts';

/**
 * docs/behaviour.md#offline-start: someone signed in on a device opens the journal there with no
 * network at all, and a sign-out made offline reaches the server once it can.
 */

async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What the server says of a session cookie, asked from outside the browser. */
async function sessionOf(cookie: string): Promise<unknown> {
  const answer = await fetch(`${e2e.baseUrl}/api/auth/get-session`, { headers: { cookie } });
  return answer.json();
}

describe.skipIf(e2e.skip)('starting with no network', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a signed-in user reloading with no network gets the journal, not the start screen, and stays signed in when the network is back', async () => {
    const { page, context } = await openTab(browser, phone, { serviceWorkers: 'allow' });
    await signUp(page, uniqueEmail('offline-start'));
    await untilControlled(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('Connection Issue').count()).toBe(0);
    await pageShot(page, 'offline-start');

    const sessionChecked = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/get-session'),
    );
    await context.setOffline(false);
    expect((await sessionChecked).status()).toBe(200);
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a sign-out made with no network signs out on the device at once, and ends the session on the server once it is reached', async () => {
    const { page, context } = await openTab(browser, desktop, { serviceWorkers: 'allow' });
    await signUp(page, uniqueEmail('offline-sign-out'));
    await untilControlled(page);
    const cookie = (await context.cookies()).map((item) => `${item.name}=${item.value}`).join('; ');
    expect(await sessionOf(cookie)).not.toBeNull();

    await context.setOffline(true);
    await signOut(page);
    expect(await sessionOf(cookie)).not.toBeNull();

    await context.setOffline(false);
    const told = page.waitForRequest(
      (request) => request.url().endsWith('/api/auth/sign-out') && request.method() === 'POST',
    );
    await page.reload();
    await told;
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expect.poll(() => sessionOf(cookie)).toBeNull();
    await context.close();
  });
});

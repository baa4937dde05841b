import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  e2e,
  launchBrowser,
  openTab,
  signUp,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';

describe.skipIf(e2e.skip)('an expired session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('ends at /login once the server has dropped the session', async () => {
    const { page, context } = await openTab(browser);
    await signUp(page, uniqueEmail('expiry'));

    // Another device (or an admin) signs every session of this user out.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/auth/revoke-sessions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return response.status;
    });
    expect(status).toBe(200);

    await page.reload();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // The browser holds no usable session any more: a signed-in page sends it back.
    await page.goto('/profile');
    await waitForPath(page, '/login');
    await context.close();
  });
});

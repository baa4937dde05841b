import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  e2e,
  heading,
  launchBrowser,
  openTab,
  signUp,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';

describe.skipIf(e2e.skip)('route guards', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sends a visitor to /login from every signed-in route and from unknown paths', async () => {
    const { page, context } = await openTab(browser);
    for (const path of ['/', '/locations', '/profile', '/help', '/settings', '/no/such/page']) {
      await page.goto(path);
      await waitForPath(page, '/login');
      expect(await heading(page)).toBe('Sign in to your journal');
    }
    await context.close();
  });

  it('shows the privacy policy to a visitor without the readiness gate', async () => {
    const { page, context } = await openTab(browser);
    const healthChecks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/health') healthChecks.push(request.url());
    });
    await page.goto('/privacy-policy');
    expect(await heading(page)).toBe('Privacy policy');
    await page.getByRole('heading', { name: 'Where it is kept' }).waitFor();
    expect(await page.getByText('Starting Foraging Journal').count()).toBe(0);
    expect(healthChecks).toEqual([]);
    await context.close();
  });

  it('lets a signed-in user in everywhere but /login', async () => {
    const { page, context } = await openTab(browser);
    await signUp(page, uniqueEmail('routes'));

    await page.goto('/login');
    await waitForPath(page, '/');
    expect(await heading(page)).toMatch(/^Hello, routes-/);

    await page.goto('/somewhere/else');
    await waitForPath(page, '/');

    const pages: [string, string][] = [
      ['/locations', 'Locations'],
      ['/profile', 'Profile'],
      ['/help', 'Help'],
      ['/settings', 'Settings'],
      ['/privacy-policy', 'Privacy policy'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }

    // In-app navigation through the header works without a reload.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Help' })
      .click();
    await waitForPath(page, '/help');
    // The URL changes before the lazily loaded page replaces the home screen and its h1.
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    expect(await heading(page)).toBe('Help');
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  e2e,
  launchBrowser,
  openTab,
  screenshot,
  signUp,
  submitCredentials,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';

describe.skipIf(e2e.skip)('toasts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('appear bottom-right, close by themselves after about 3 s, pause on hover, close on click', async () => {
    const { page, context } = await openTab(browser, desktop);
    const email = uniqueEmail('toast');
    await signUp(page, email);

    const toast = page.locator('.Toastify__toast', { hasText: 'Your journal is ready. Welcome!' });
    await toast.waitFor();
    const shownAt = Date.now();
    // Keep the pointer away, so pause-on-hover does not hold it.
    await page.mouse.move(10, 10);
    const container = page.locator('.Toastify__toast-container');
    expect(await container.getAttribute('class')).toContain(
      'Toastify__toast-container--bottom-right',
    );
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(desktop.width - (box.x + box.width)).toBeLessThan(40);
      expect(desktop.height - (box.y + box.height)).toBeLessThan(40);
    }
    await screenshot(page, 'toast-1440x900');

    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(6000);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/login');
    await submitCredentials(page, 'Sign in', email);
    const welcome = page.locator('.Toastify__toast', { hasText: 'Welcome back!' });
    await welcome.waitFor();
    // Hovering pauses it: still there after its 3 s …
    await welcome.hover();
    await page.waitForTimeout(3500);
    expect(await welcome.isVisible()).toBe(true);
    // … so when it goes now, the click closed it.
    await welcome.click();
    await welcome.waitFor({ state: 'detached', timeout: 5000 });
    await context.close();
  });
});

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
    // How long each toast is in the page, timed by the page itself: the test's own polling can
    // notice a toast late on a loaded machine, which would shorten the time it measures.
    await page.addInitScript(() => {
      const lifetimes: { text: string; shownAt: number; goneAt?: number }[] = [];
      (window as unknown as { toastLifetimes: typeof lifetimes }).toastLifetimes = lifetimes;
      const seen = new Map<Element, (typeof lifetimes)[number]>();
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('.Toastify__toast')) {
          if (seen.has(toast)) continue;
          const record = { text: toast.textContent ?? '', shownAt: performance.now() };
          seen.set(toast, record);
          lifetimes.push(record);
        }
        for (const [toast, record] of seen) {
          if (!toast.isConnected && record.goneAt === undefined) record.goneAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const email = uniqueEmail('toast');
    await signUp(page, email);

    const toast = page.locator('.Toastify__toast', { hasText: 'Your journal is ready. Welcome!' });
    await toast.waitFor();
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
      // On the map page toasts sit 3rem higher, above its bottom row of controls
      // (map-controls.css): still the bottom-right corner, never over the scale bar.
      expect(desktop.height - (box.y + box.height)).toBeGreaterThanOrEqual(48);
      expect(desktop.height - (box.y + box.height)).toBeLessThan(88);
    }
    await screenshot(page, 'toast-1440x900');

    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    const shownFor = await page.evaluate(() => {
      const lifetimes = (
        window as unknown as {
          toastLifetimes: { text: string; shownAt: number; goneAt?: number }[];
        }
      ).toastLifetimes;
      const welcome = lifetimes.find((record) => record.text.includes('Your journal is ready'));
      return welcome?.goneAt === undefined ? -1 : welcome.goneAt - welcome.shownAt;
    });
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(6000);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/login');
    await submitCredentials(page, 'Sign in', email);
    const welcome = page.locator('.Toastify__toast', { hasText: 'Welcome back!' });
    await welcome.waitFor();
    // Hovering pauses it: still there after its 3 s … react-toastify holds a toast (progress bar
    // paused) until it has started, and its start overrides a pause from a pointer that arrived
    // earlier; so the pointer arrives once the bar runs. It goes to where the toast rests, the
    // middle of its container: the toast's own box may still be mid-entrance, and locator.hover
    // would wait for the entrance to settle, which under load can outlast the 3 s.
    const progress = () =>
      welcome
        .locator('.Toastify__progress-bar')
        .evaluate((bar) => getComputedStyle(bar).animationPlayState);
    await page.mouse.move(10, 10);
    await expect.poll(progress).toBe('running');
    const restingBox = await container.boundingBox();
    expect(restingBox).not.toBeNull();
    if (restingBox)
      await page.mouse.move(
        restingBox.x + restingBox.width / 2,
        restingBox.y + restingBox.height / 2,
      );
    await expect.poll(progress).toBe('paused');
    await page.waitForTimeout(3500);
    expect(await welcome.isVisible()).toBe(true);
    // Still paused, so not already on its way out.
    expect(await welcome.getAttribute('data-in')).not.toBe('false');
    // … so when it goes now, the click closed it.
    await welcome.click();
    await welcome.waitFor({ state: 'detached', timeout: 5000 });
    await context.close();
  });
});

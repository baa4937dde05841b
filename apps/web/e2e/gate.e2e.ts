import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, openTab, phone, screenshot, waitForPath } from './support/browser.ts';

const notice =
  'First visit of the day? The server needs a moment to wake up from sleep mode to save resources.';

/** Health checks the page made, and how many the (intercepted) server has answered. */
interface Traffic {
  requested: number;
  answered: number;
}

/** Every /api/health answers 503, as a server still asleep behind its proxy would. */
async function sleepingServer(page: Page): Promise<Traffic> {
  const traffic: Traffic = { requested: 0, answered: 0 };
  await page.route('**/api/health', async (route) => {
    traffic.requested += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"status":"degraded","database":"unreachable","uptimeSeconds":0}',
    });
    traffic.answered += 1;
  });
  // The page's clock stands still until the test moves it: the real back-off, fast-forwarded.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  return traffic;
}

async function realWait(page: Page, until: () => boolean | Promise<boolean>, what: string) {
  for (let waited = 0; !(await until()); waited += 10) {
    if (waited > 10_000) throw new Error(`Timed out waiting for ${what}`);
    await page.waitForTimeout(10);
  }
}

/** Moves the fake clock in 250 ms steps until the condition holds; returns the fake ms. */
async function runUntil(page: Page, until: () => Promise<boolean>, limitMs: number) {
  let elapsed = 0;
  while (!(await until())) {
    if (elapsed >= limitMs) throw new Error(`Nothing happened within ${limitMs} fake ms`);
    await page.clock.runFor(250);
    elapsed += 250;
    await page.waitForTimeout(20);
  }
  return elapsed;
}

/**
 * After check number `checks` has failed, the retry comes exactly `delay` ms later: not at
 * delay - 1, but at delay. The clock stands still meanwhile, so real time spent waiting for the
 * page does not count.
 */
async function expectRetryAfter(page: Page, traffic: Traffic, checks: number, delay: number) {
  await realWait(page, () => traffic.answered >= checks, `health check ${checks}`);
  // Real time for the page to read the 503 and set its back-off timer.
  await page.waitForTimeout(50);
  await page.clock.runFor(delay - 1);
  await page.waitForTimeout(50);
  expect(traffic.requested).toBe(checks);
  await page.clock.runFor(1);
  await realWait(page, () => traffic.requested > checks, `health check ${checks + 1}`);
}

async function progress(page: Page): Promise<string | null> {
  return page.getByRole('progressbar', { name: 'Start-up progress' }).getAttribute('aria-valuenow');
}

const visible = (page: Page, text: string) => () =>
  page.getByText(text, { exact: true }).isVisible();

describe.skipIf(e2e.skip)('the server-readiness gate', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('keeps trying with the back-off while the server sleeps, then gives up', async () => {
    const { page, context } = await openTab(browser);
    const traffic = await sleepingServer(page);

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Starting Foraging Journal' }).waitFor();
    await page.getByText('Waking up the server...').waitFor();
    expect(await progress(page)).toBe('0');
    expect(await page.getByText(notice).count()).toBe(0);
    await screenshot(page, 'gate-waking-1440x900');

    await expectRetryAfter(page, traffic, 1, 2000);
    await page.getByText('Server is starting up...').waitFor();
    expect(await progress(page)).toBe('20');
    expect(await page.getByText(notice).count()).toBe(0);

    await expectRetryAfter(page, traffic, 2, 3000);
    await page.getByText('Almost there...').waitFor();
    expect(await progress(page)).toBe('40');
    await page.getByText(notice).waitFor();
    await screenshot(page, 'gate-notice-1440x900');

    await expectRetryAfter(page, traffic, 3, 4500);
    await page.getByText('This is taking a bit longer than usual...').waitFor();
    expect(await progress(page)).toBe('60');

    await expectRetryAfter(page, traffic, 4, 6750);
    await realWait(page, async () => (await progress(page)) === '80', 'progress 80');
    expect(await page.getByText('This is taking a bit longer than usual...').count()).toBe(1);
    expect(await page.getByText('Connection Issue').count()).toBe(0);

    // The fifth retry waits the capped 10000 ms (not 2000 × 1.5^4 = 10125), then fails for good.
    await expectRetryAfter(page, traffic, 5, 10_000);
    await runUntil(page, visible(page, 'Connection Issue'), 1000);
    expect(await progress(page)).toBe('95');
    await page
      .getByText('Server is taking longer than expected to start. Please refresh the page.')
      .waitFor();
    await page.clock.runFor(60_000);
    await page.waitForTimeout(100);
    expect(traffic.requested).toBe(6);
    await screenshot(page, 'gate-connection-issue-1440x900');

    // The server wakes up; Refresh Page reloads and the app comes in.
    await page.unroute('**/api/health');
    await page.clock.resume();
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Sign in to your journal' }).waitFor();
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { page, context } = await openTab(browser, phone);
    await sleepingServer(page);
    await page.goto('/');
    await page.getByText('Waking up the server...').waitFor();
    await runUntil(page, visible(page, 'Almost there...'), 10_000);
    await page.getByText(notice).waitFor();
    await screenshot(page, 'gate-notice-375x812');
    await context.close();
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  dismissTutorial,
  e2e,
  launchBrowser,
  openTab,
  screenshot,
  signUp,
  submitCredentials,
  uniqueEmail,
  type Tab,
  waitForPath,
} from './support/browser.ts';
import { createSpots, type NewSpot } from './support/journal.ts';
import { readInvitationLink } from './support/outbox.ts';

/** The grantee's phone: the map's labels, menu and card must fit 390 px. */
const phone390 = { width: 390, height: 844 } as const;

/** A spot whose 0.2° cell is 45.6–45.8° N, 13.8–14.0° E; its own position is never shown. */
const meadow = { name: 'Karst meadow', position: { lat: 45.6123457, lng: 13.9876543 } };

/** The owner shares all their spots with this address at `cell02`, through the Share dialog. */
async function shareByMail(owner: Page, email: string): Promise<void> {
  await owner.goto('/locations');
  await owner.getByRole('button', { name: 'Share…' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Share spots' });
  await dialog.getByLabel('A person, by e-mail').check();
  await dialog.getByLabel('Their e-mail address').fill(email);
  await dialog.getByLabel("Within 20 km (iNaturalist's 0.2° cell)").check();
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await dialog.getByText(`An invitation went to ${email}.`).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
}

/**
 * The grantee opens the mail's link and accepts; then goes to the map. Signed out (no account
 * yet), the link leads to the login page, and the new account comes back to the invitation.
 */
async function acceptInvitation(grantee: Page, email: string, signedOut = false): Promise<void> {
  const link = new URL(await readInvitationLink(e2e.dataDir, email));
  await grantee.goto(`${link.pathname}${link.hash}`);
  if (signedOut) {
    await waitForPath(grantee, '/login');
    await submitCredentials(grantee, 'Create account', email);
    await waitForPath(grantee, '/invitation');
  }
  await grantee.getByRole('heading', { name: 'An invitation to see shared spots' }).waitFor();
  expect(new URL(grantee.url()).hash).toBe('');
  await grantee.getByRole('button', { name: 'Accept' }).click();
  await grantee.getByRole('status').getByText('Accepted.').waitFor();
  await grantee.getByRole('link', { name: 'your map' }).click();
  if (signedOut) await dismissTutorial(grantee);
}

/** An owner's call to the API with the page's own session (cookie → ID token → bearer). */
function ownerCall(page: Page, method: string, path: string, body: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string };
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
}

/** Shares spots by e-mail through the API, and answers the new invitation's link. */
async function shareByApi(owner: Page, email: string, locationIds: string[], precision: string) {
  const before = await readInvitationLink(e2e.dataDir, email).catch(() => null);
  const status = await ownerCall(owner, 'POST', '/shares', {
    locationIds,
    audience: { email },
    precision,
    dates: 'month',
  });
  expect(status).toBe(201);
  for (;;) {
    const link = await readInvitationLink(e2e.dataDir, email);
    if (link !== before) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** axe's serious and critical findings on what the page shows now (none expected). */
async function severeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const sharedCount = (page: Page) => page.getByTestId('map-shared-count');

/**
 * Through the "Shared with you" menu (keyboard-reachable) the shared spot comes into view; the
 * map then draws its cell (the fill layer's rendered features) and no point, and labels it.
 */
async function expectShadedCell(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Shared with you' }).click();
  const menu = page.getByRole('group', { name: 'Shared with you' });
  await menu.getByText(/^From /).waitFor();
  await menu.getByRole('button', { name: new RegExp(`^${meadow.name}`) }).click();
  await sharedCount(page)
    .getByText('Shared with you: 1 area and 0 exact places on the map')
    .waitFor({ state: 'attached' });
  const label = page.getByRole('button', { name: new RegExp(`^${meadow.name}, from `) });
  await label.waitFor();
  expect(await label.textContent()).toMatch(/^from /);
  // No pin: neither an own spot's marker nor a point of the shared layer.
  expect(await page.locator('.map-spot').count()).toBe(0);
  // Brought into view from the menu, its label is open: whose, and where in words.
  expect(await label.getAttribute('aria-expanded')).toBe('true');
  await page
    .locator('.map-shared-card')
    .getByText('Somewhere in the 20 km square 45.6° N to 45.8° N, 13.8° E to 14° E')
    .waitFor();
  const html = await page.content();
  expect(html).not.toContain('45.6123457');
  expect(html).not.toContain('13.9876543');
}

/** An owner with the meadow, a grantee signed up on a 390 px phone, the share accepted. */
async function sharedPair(
  browser: Browser,
  label: string,
  grantee: { signedOut?: boolean; beforeSignUp?: (tab: Tab) => Promise<void> } = {},
) {
  const owner = await openTab(browser, desktop);
  await signUp(owner.page, uniqueEmail(`${label}-owner`));
  await createSpots(owner.page, [meadow]);
  const granteeEmail = uniqueEmail(`${label}-grantee`);
  const tab = await openTab(browser, phone390);
  await grantee.beforeSignUp?.(tab);
  if (!grantee.signedOut) await signUp(tab.page, granteeEmail);
  await shareByMail(owner.page, granteeEmail);
  await acceptInvitation(tab.page, granteeEmail, grantee.signedOut);
  return { owner, grantee: tab };
}

describe.skipIf(e2e.skip)("the grantee's map of spots shared with them", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a cell02 share as the shaded cell, no pin; after a revoke it goes at the next sync', async () => {
    const { owner, grantee } = await sharedPair(browser, 'share-map', { signedOut: true });
    const page = grantee.page;
    await expectShadedCell(page);
    await screenshot(page, 'share-map-cell-390x844');

    await owner.page.goto('/sharing');
    await owner.page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await owner.page.getByRole('button', { name: 'Revoke now' }).click();
    await owner.page.getByText('Revoked').first().waitFor();

    // The grantee's next sync: the server no longer lists the share, so the layer goes.
    await page.locator('.sync-status').click();
    const sync = page.getByRole('dialog', { name: 'Sync' });
    await sync.getByRole('button', { name: 'Sync now' }).click();
    await sync.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Shared with you' }).waitFor({ state: 'detached' });
    expect(await page.locator('.map-shared-label').count()).toBe(0);
    expect(await sharedCount(page).textContent()).toBe('');
  });

  it('drops the layer offline once the share ends by the browser clock', async () => {
    const { grantee } = await sharedPair(browser, 'share-expiry', {
      // The page's clock runs on from now, until the test moves it.
      beforeSignUp: ({ page }) => page.clock.install(),
    });
    const page = grantee.page;
    await expectShadedCell(page);

    await grantee.context.setOffline(true);
    // The share's 30 days (the Share dialog's default) and a day more.
    await page.clock.fastForward(31 * 24 * 60 * 60_000);
    await page.locator('.map-shared-label').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Shared with you' }).waitFor({ state: 'detached' });
    expect(await sharedCount(page).textContent()).toBe('');
  });

  it('draws an exact share as its patch and a ring, and lists a hidden one without drawing it', async () => {
    const owner = await openTab(browser, desktop);
    await signUp(owner.page, uniqueEmail('share-exact-owner'));
    const patch: NewSpot['area'] = {
      type: 'Polygon',
      coordinates: [
        [
          [8.599, 50.099],
          [8.601, 50.099],
          [8.601, 50.101],
          [8.599, 50.101],
          [8.599, 50.099],
        ],
      ],
    };
    const [beech, oak, glade] = await createSpots(owner.page, [
      { name: 'Beech patch', position: { lat: 50.1, lng: 8.6 }, area: patch },
      { name: 'Lone oak', position: { lat: 51.5, lng: 7.5 } },
      { name: 'Secret glade', position: { lat: 50.2, lng: 8.7 } },
    ]);
    const email = uniqueEmail('share-exact-grantee');
    const grantee = await openTab(browser, phone390);
    const page = grantee.page;
    await signUp(page, email);
    for (const [ids, precision] of [
      [[beech ?? '', oak ?? ''], 'exact'],
      [[glade ?? ''], 'hidden'],
    ] as const) {
      const link = await shareByApi(owner.page, email, [...ids], precision);
      // From another path: a fragment alone would not load the page again.
      await page.goto('/sharing');
      await page.goto(`${link.pathname}${link.hash}`);
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('status').getByText('Accepted.').waitFor();
    }
    await page.getByRole('link', { name: 'your map' }).click();

    await page.getByRole('button', { name: 'Shared with you' }).click();
    const menu = page.getByRole('group', { name: 'Shared with you' });
    await menu.getByText('Secret glade').waitFor();
    await menu.getByText('Its place is not shared: not on the map').waitFor();
    expect(await menu.getByRole('button', { name: /^Secret glade/ }).count()).toBe(0);
    await screenshot(page, 'share-map-menu-390x844');
    expect(await severeFindings(page)).toEqual([]);
    await menu.getByRole('button', { name: /^Beech patch/ }).click();
    // The patch (an area) and the position (a ring), and nothing of the far oak or the glade.
    await sharedCount(page)
      .getByText('Shared with you: 1 area and 1 exact place on the map')
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /^Beech patch, from / }).waitFor();
    expect(await page.locator('.map-shared-label').count()).toBe(1);
    await screenshot(page, 'share-map-exact-390x844');
    expect(await severeFindings(page)).toEqual([]);
    // By keyboard: Escape closes the open label's details, and it keeps the focus.
    const label = page.getByRole('button', { name: /^Beech patch, from / });
    await label.focus();
    await page.keyboard.press('Escape');
    await page.locator('.map-shared-label[aria-expanded="false"]').waitFor();
    expect(await page.locator('.map-shared-card').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.locator('.map-shared-card').getByText('At 50.1° N, 8.6° E').waitFor();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  e2e,
  launchBrowser,
  openTab,
  phone,
  screenshot,
  signUp,
  submitCredentials,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';
import { createSpots } from './support/journal.ts';
import { doneWhenMapSays, fillLocalCopy } from './support/local-copy.ts';

interface ServerEntry {
  id: string;
  notes?: string;
  photos: { url: string; name: string }[];
}
interface ServerSpot {
  id: string;
  name: string;
  description?: string;
  entries: ServerEntry[];
}

/**
 * The user's journal as the server holds it, read from outside the browser (Node's fetch with
 * the context's session cookie → an ID token → GET /api/v1/locations).
 */
async function serverJournal(context: BrowserContext): Promise<ServerSpot[]> {
  const cookie = (await context.cookies(e2e.baseUrl))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const tokenAnswer = await fetch(`${e2e.baseUrl}/api/auth/token`, { headers: { cookie } });
  const { token } = (await tokenAnswer.json()) as { token: string };
  const answer = await fetch(`${e2e.baseUrl}/api/v1/locations`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as { data: ServerSpot[] };
  return body.data;
}

/** Entries through the API with the page's own session; answers nothing. */
async function createEntry(page: Page, locationId: string, notes: string): Promise<void> {
  await page.evaluate(
    async ({ id, text }) => {
      const tokenAnswer = await fetch('/api/auth/token', { credentials: 'include' });
      const { token } = (await tokenAnswer.json()) as { token: string };
      const response = await fetch(`/api/v1/locations/${id}/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ date: '2024-09-14', notes: text }),
      });
      if (!response.ok) throw new Error(`POST entries answered ${response.status}`);
    },
    { id: locationId, text: notes },
  );
}

const status = (page: Page) => page.locator('.sync-status');

/** The spot's details on the home page (its chunks are loaded while online). */
async function openSpot(page: Page, id: string, name: string): Promise<Locator> {
  await page.goto(`/?location=${encodeURIComponent(id)}`);
  const details = page.getByRole('complementary', { name });
  await details.getByRole('heading', { name }).waitFor();
  return details;
}

async function editSpot(details: Locator, fields: { name?: string; description?: string }) {
  await details.getByRole('button', { name: 'Edit', exact: true }).first().click();
  if (fields.name !== undefined) await details.getByLabel('Name').fill(fields.name);
  if (fields.description !== undefined)
    await details.getByLabel('Description').fill(fields.description);
  await details.getByRole('button', { name: 'Save' }).click();
  await details.page().locator('.Toastify__toast', { hasText: 'Changes saved' }).first().waitFor();
}

/** A real JPEG carrying GPS tags in its EXIF, as a phone's camera writes them. */
async function jpegWithGps(file: string): Promise<string> {
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a6d3b' } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Forager One' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 6/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '7/1 6/1 0/1',
      },
    })
    .toFile(file);
  return file;
}

async function addEntry(details: Locator, notes: string, photo?: string) {
  await details.getByRole('button', { name: 'Add entry' }).click();
  const form = details.locator('form.entry-form');
  await form.getByLabel('Notes').fill(notes);
  if (photo) {
    await form.getByLabel('Add photos').setInputFiles(photo);
    await form.getByRole('button', { name: `View ${path.basename(photo)}` }).waitFor();
  }
  await form.getByRole('button', { name: 'Save entry' }).click();
  await details.getByText(notes).waitFor();
}

/** A signed-up user with two spots, the first with one entry; the page is on the first spot. */
async function userWithSpots(browser: Browser, label: string) {
  const email = uniqueEmail(label);
  const { page, context } = await openTab(browser, phone);
  await signUp(page, email);
  const [oakId = '', birchId = ''] = await createSpots(page, [
    { name: 'Oak ridge', position: { lat: 51.1, lng: 7.1 } },
    { name: 'Birch hollow', position: { lat: 51.2, lng: 7.2 } },
  ]);
  await createEntry(page, oakId, 'Old visit');
  return { email, page, context, oakId, birchId };
}

describe.skipIf(e2e.skip)('the journal offline', () => {
  let browser: Browser;
  let photoDir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    photoDir = mkdtempSync(path.join(tmpdir(), 'fj-offline-photos-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(photoDir, { recursive: true, force: true });
  });

  it('1: offline, a reload still shows the spots on the map and in the list', async () => {
    const { page, context } = await openTab(browser, phone, { serviceWorkers: 'allow' });
    await signUp(page, uniqueEmail('offline-reload'));
    await createSpots(page, [
      { name: 'Oak ridge', position: { lat: 51.1, lng: 7.1 } },
      { name: 'Birch hollow', position: { lat: 51.2, lng: 7.2 } },
    ]);
    await page.reload();
    await page.getByText('2 spots on the map').waitFor({ state: 'attached' });
    // The service worker controls the page: its precache holds the app shell.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('2 spots on the map').waitFor({ state: 'attached' });
    await status(page).getByText('Offline').waitFor();
    await page.goto('/locations');
    await page.getByText('Showing all 2 spots').waitFor();
    await page.getByRole('link', { name: /Oak ridge/ }).waitFor();
    await screenshot(page, 'offline-reload-list-375x812');
    await context.close();
  });

  it('2–3: writes made offline wait, marked, then all reach the server once', async () => {
    const { page, context, oakId, birchId } = await userWithSpots(browser, 'offline-writes');
    const oak = await openSpot(page, oakId, 'Oak ridge');
    await status(page).getByText('All changes synced').waitFor();
    await context.setOffline(true);
    await status(page).getByText('Offline').waitFor();

    // A new spot, on the map as online.
    await oak.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add a spot' }).click();
    const canvas = page.locator('.maplibregl-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('The map canvas has no box');
    await canvas.click({ position: { x: box.width / 2, y: box.height * 0.4 } });
    const newSpot = page.getByRole('complementary', { name: 'New spot' });
    await newSpot.getByLabel('Name').fill('Chanterelle dell');
    await newSpot.getByRole('button', { name: 'Create' }).click();
    const dell = page.getByRole('complementary', { name: 'Chanterelle dell' });
    await dell.getByText('Waiting to sync').waitFor();
    await dell.getByRole('button', { name: 'Close' }).click();

    await openSpotInPage(page, oakId, 'Oak ridge');
    await addEntry(
      oak,
      'Three ceps by the wall',
      await jpegWithGps(path.join(photoDir, 'cep.jpg')),
    );
    const newEntry = oak.getByRole('article').filter({ hasText: 'Three ceps by the wall' });
    await newEntry.getByRole('button', { name: 'View photo 1 of 1' }).waitFor();
    await oak
      .getByRole('article', { name: /^Entry of / })
      .first()
      .getByText('Waiting to sync')
      .waitFor();
    const oldEntry = oak.getByRole('article').filter({ hasText: 'Old visit' });
    await oldEntry.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete entry' }).click();
    await oldEntry.waitFor({ state: 'detached' });
    await oak.getByRole('button', { name: 'Close' }).click();

    const birch = await openSpotInPage(page, birchId, 'Birch hollow');
    await editSpot(birch, { description: 'Birch boletes after rain' });
    await birch.getByText('Waiting to sync').first().waitFor();
    await status(page).getByText('4 changes waiting').waitFor();
    await screenshot(page, 'offline-waiting-375x812');
    await status(page).click();
    await page
      .getByRole('dialog', { name: 'Sync' })
      .getByText('New spot “Chanterelle dell”')
      .waitFor();
    await screenshot(page, 'offline-sync-panel-375x812');
    await page.getByRole('dialog', { name: 'Sync' }).getByRole('button', { name: 'Close' }).click();

    // Nothing has reached the server yet.
    await context.setOffline(false);
    await status(page).getByText('All changes synced').waitFor({ timeout: 30_000 });
    const journal = await serverJournal(context);
    expect(journal.map((spot) => spot.name).sort()).toEqual([
      'Birch hollow',
      'Chanterelle dell',
      'Oak ridge',
    ]);
    const oakOnServer = journal.find((spot) => spot.id === oakId);
    expect(oakOnServer?.entries.map((entry) => entry.notes)).toEqual(['Three ceps by the wall']);
    const [photo] = oakOnServer?.entries[0]?.photos ?? [];
    expect(oakOnServer?.entries[0]?.photos).toHaveLength(1);
    // The stored photo, fetched from outside the browser: no EXIF at all, so no GPS.
    const stored = await fetch(new URL(photo?.url ?? '', e2e.baseUrl));
    expect(stored.status).toBe(200);
    const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined();
    await newEntry.getByText('Waiting to sync').waitFor({ state: 'detached' });
    expect(journal.find((spot) => spot.id === birchId)?.description).toBe(
      'Birch boletes after rain',
    );
    await context.close();
  });

  it('4: a replay cut off after the first write resumes with no duplicate and no loss', async () => {
    const { page, context, oakId } = await userWithSpots(browser, 'offline-cut');
    const oak = await openSpot(page, oakId, 'Oak ridge');
    await context.setOffline(true);
    for (const notes of ['Visit one', 'Visit two', 'Visit three']) await addEntry(oak, notes);
    await status(page).getByText('3 changes waiting').waitFor();

    // The first POST is answered; the second reaches the server but its answer is lost as the
    // connection drops.
    let posts = 0;
    await page.route('**/api/v1/locations/*/entries', async (route) => {
      posts += 1;
      if (posts === 1) return route.continue();
      if (posts === 2) {
        await route.fetch();
        await context.setOffline(true);
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await context.setOffline(false);
    await status(page).getByText('Offline').waitFor();
    await status(page).getByText('2 changes waiting').waitFor();
    const cut = await serverJournal(context);
    expect(
      cut
        .find((spot) => spot.id === oakId)
        ?.entries.map((e) => e.notes)
        .sort(),
    ).toEqual(['Old visit', 'Visit one', 'Visit two'].sort());

    await context.setOffline(false);
    await status(page).getByText('All changes synced').waitFor({ timeout: 30_000 });
    const after = await serverJournal(context);
    expect(
      after
        .find((spot) => spot.id === oakId)
        ?.entries.map((e) => e.notes)
        .sort(),
    ).toEqual(['Old visit', 'Visit one', 'Visit two', 'Visit three'].sort());
    await context.close();
  });

  it('5: two devices — a name changed offline on one, the description online on the other — keep both', async () => {
    const { email, page, context, oakId } = await userWithSpots(browser, 'offline-two');
    const other = await openTab(browser, phone);
    await other.page.goto('/login');
    await submitCredentials(other.page, 'Sign in', email);
    await waitForPath(other.page, '/');

    const oak = await openSpot(page, oakId, 'Oak ridge');
    await context.setOffline(true);
    await editSpot(oak, { name: 'Oak ridge north' });
    await status(page).getByText('1 change waiting').waitFor();

    const otherOak = await openSpot(other.page, oakId, 'Oak ridge');
    await editSpot(otherOak, { description: 'Hen of the woods at the base' });

    await context.setOffline(false);
    await status(page).getByText('All changes synced').waitFor({ timeout: 30_000 });
    await page.getByText('Hen of the woods at the base').waitFor();
    await page.getByRole('heading', { name: 'Oak ridge north' }).waitFor();

    await status(other.page).click();
    await other.page
      .getByRole('dialog', { name: 'Sync' })
      .getByRole('button', { name: 'Sync now' })
      .click();
    await other.page
      .getByRole('dialog', { name: 'Sync' })
      .getByRole('button', { name: 'Close' })
      .click();
    await other.page.getByRole('heading', { name: 'Oak ridge north' }).waitFor();
    await other.page.getByText('Hen of the woods at the base').waitFor();

    const [onServer] = (await serverJournal(context)).filter((spot) => spot.id === oakId);
    expect(onServer).toMatchObject({
      name: 'Oak ridge north',
      description: 'Hen of the woods at the base',
    });
    await other.context.close();
    await context.close();
  });

  it('6: signing out with a change waiting asks first', async () => {
    const { email, page, context, oakId } = await userWithSpots(browser, 'offline-signout');
    const oak = await openSpot(page, oakId, 'Oak ridge');
    await context.setOffline(true);
    await editSpot(oak, { description: 'Not yet on the server' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    const question = page.getByRole('dialog', { name: 'Sign out?' });
    await question.getByText('1 change is not synced yet').waitFor();
    await screenshot(page, 'offline-sign-out-question-375x812');

    // Waiting: back online, the change goes up and the sign-out follows.
    await context.setOffline(false);
    await question.getByRole('button', { name: 'Sync, then sign out' }).click();
    await waitForPath(page, '/login');
    await submitCredentials(page, 'Sign in', email);
    await waitForPath(page, '/');
    const [onServer] = (await serverJournal(context)).filter((spot) => spot.id === oakId);
    expect(onServer?.description).toBe('Not yet on the server');
    await context.close();
  });

  it('starts from the local copy: 2,000 spots with 20,000 entries on the map with no API', async () => {
    const { page, context } = await openTab(browser, { width: 1280, height: 800 });
    await signUp(page, uniqueEmail('offline-cold'));
    await status(page).getByText('Synced just now').waitFor();
    // The local copy the app made, filled as 2,000 spots' sync would fill it.
    const spots = Array.from({ length: 2000 }, (_, i) => ({
      lat: 50 + (i % 50) * 0.01,
      lng: 7 + Math.floor(i / 50) * 0.01,
    }));
    await fillLocalCopy(page, spots, 10);
    // No journal API from here on: the spots can only come from the device.
    await context.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
    await page.addInitScript({ content: doneWhenMapSays('2000 spots on the map') });
    await page.goto('/');
    const done = await page.waitForFunction(
      () => (window as { coldStartDone?: number }).coldStartDone,
      undefined,
      { timeout: 60_000 },
    );
    const ms = Math.round(Number(await done.jsonValue()));
    console.info(
      `cold start from the local copy, 2,000 spots + 20,000 entries: ${ms} ms to the map`,
    );
    expect(await page.locator('.map-cluster').count()).toBeGreaterThan(0);
    await context.close();
  });
});

/** The spot's details without a navigation (offline, the SPA moves on its own). */
async function openSpotInPage(page: Page, id: string, name: string): Promise<Locator> {
  await page.evaluate(
    (href) => {
      window.history.pushState({}, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    `/?location=${encodeURIComponent(id)}`,
  );
  const details = page.getByRole('complementary', { name });
  await details.getByRole('heading', { name }).waitFor();
  return details;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  e2e,
  launchBrowser,
  mapAtRest,
  openTab,
  phone,
  screenshot,
  signUp,
  submitCredentials,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';
import { createSpots, makeJpeg, pageShot, patchToolbar, signOut } from './support/journal.ts';
import { filterChip, showFilters } from './support/search-journal.ts';

type Viewport = typeof desktop | typeof phone;

/** The patch's area as the details write it ("1,234 m²", "2.5 ha"). */
const areaText = /^[\d.,\s]+ (m²|ha|km²)$/;

/** True once the image has loaded real pixels (a broken or unsigned URL has none). */
async function imageLoaded(image: Locator): Promise<boolean> {
  await image.scrollIntoViewIfNeeded();
  const handle = await image.elementHandle();
  if (!handle) return false;
  await handle.waitForElementState('visible');
  await image
    .page()
    .waitForFunction((img) => img instanceof HTMLImageElement && img.complete, handle, {
      timeout: 15_000,
    });
  return image.evaluate((img) => img instanceof HTMLImageElement && img.naturalWidth > 0);
}

/**
 * The toast is seen, then tapped away as a user would: on a phone it can sit over the next
 * button, and one under the pointer never times out (react-toastify pauses it on hover).
 */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  const shown = page.locator('.Toastify__toast', { hasText: text }).first();
  await shown.waitFor();
  await shown.click();
  await shown.waitFor({ state: 'detached' });
}

/** Draws a four-cornered patch around the middle of the visible map and closes it. */
async function drawPatch(page: Page): Promise<void> {
  const toolbar = await patchToolbar(page);
  const box = await page.locator('.maplibregl-canvas').boundingBox();
  const toolbarBox = await toolbar.boundingBox();
  if (!box || !toolbarBox) throw new Error('The map or the drawing toolbar has no box');
  // Clear of the toolbar (at the top on a desktop, under the thumb on a phone), in the middle
  // of what is left of the canvas.
  const atBottom = toolbarBox.y > box.y + box.height / 2;
  const top = atBottom ? box.y + 90 : toolbarBox.y + toolbarBox.height + 40;
  const bottom = atBottom ? toolbarBox.y - 20 : box.y + box.height;
  const size = Math.min(box.width, bottom - top) * 0.35;
  const left = box.x + box.width / 2 - size / 2;
  const corners = [
    [left, top],
    [left + size, top],
    [left + size, top + size],
    [left, top + size],
    [left, top], // the first corner again closes the polygon (terra-draw's polygon mode)
  ] as const;
  for (const [x, y] of corners) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
  }
  await toolbar.getByText('Drag the corners').waitFor();
}

/** The whole journey of one forager, on one viewport; `tag` names its screenshots. */
async function journey(browser: Browser, viewport: Viewport, photo: string): Promise<void> {
  const tag = `${viewport.width}x${viewport.height}`;
  const { page, context } = await openTab(browser, viewport);
  const email = uniqueEmail(`journey-${viewport.width}`);
  const spotName = `Chanterelle dell ${viewport.width}`;

  // 1. Sign up: the home map greets the new user with its empty state.
  await signUp(page, email);
  const card = page.getByRole('region', { name: 'Add your first spot' });
  await card.waitFor();
  await page.locator('.maplibregl-canvas').waitFor();

  // 2. Add a spot by tapping the map, then name it and pick its category.
  await card.getByRole('button', { name: 'Add a spot' }).click();
  // A phone is touched ("Tap"), a desktop clicked (lib/ui/pointer-verb.ts).
  const verb = viewport.width < 500 ? 'Tap' : 'Click';
  await page.getByText(`${verb} the map where you found something`).waitFor();
  const canvas = page.locator('.maplibregl-canvas');
  const canvasBox = await canvas.boundingBox();
  if (!canvasBox) throw new Error('The map canvas has no box');
  await canvas.click({
    position: { x: canvasBox.width / 2, y: canvasBox.height * 0.4 },
  });
  const newSpot = page.getByRole('complementary', { name: 'New spot' });
  await newSpot.waitFor();
  await page.getByRole('img', { name: 'New spot' }).waitFor();
  await newSpot.getByLabel('Name').fill(spotName);
  await newSpot.getByRole('checkbox', { name: 'mushrooms' }).check();
  await newSpot.getByLabel('Description').fill('Under the old beeches, north slope.');
  await screenshot(page, `journey-new-spot-${tag}`);
  await newSpot.getByRole('button', { name: 'Create' }).click();
  await toast(page, `“${spotName}” saved`);
  const details = page.getByRole('complementary', { name: spotName });
  await details.getByRole('heading', { name: spotName }).waitFor();
  await page.getByText('1 spot on the map').waitFor({ state: 'attached' });
  expect(await details.getByText('Not yet').count()).toBe(1);

  // 3. Draw its patch; the details then give its area.
  // The map flies to the new spot (900 ms); corners drawn mid-flight would land in different
  // places, so let the flight end first.
  await page.waitForTimeout(900);
  await mapAtRest(page);
  await details.getByRole('button', { name: 'Draw patch' }).click();
  await drawPatch(page);
  await screenshot(page, `journey-drawing-${tag}`);
  await page
    .getByRole('toolbar', { name: 'Patch drawing' })
    .getByRole('button', { name: 'Save patch' })
    .click();
  await toast(page, 'Patch saved');
  const patchArea = details.locator('dt:text-is("Patch") + dd');
  await patchArea.waitFor();
  const area = (await patchArea.textContent()) ?? '';
  expect(area).toMatch(areaText);
  await details.getByRole('button', { name: 'Edit patch' }).waitFor();
  await screenshot(page, `journey-patch-${tag}`);

  // 4. An entry with a real photo: its progress bar while it uploads, then its thumbnail.
  await details.getByRole('button', { name: 'Add entry' }).click();
  const form = details.locator('form.entry-form');
  await form.getByRole('heading', { name: 'New entry' }).waitFor();
  await form.getByRole('checkbox', { name: 'chanterelle' }).check();
  await form.getByRole('radio', { name: 'Abundance 3 of 5' }).check();
  await form.getByRole('textbox', { name: 'Weather' }).fill('Mild after rain');
  await form.getByLabel('Notes').fill('A dozen young ones by the stump.');
  // The upload is held until its bar has been seen (a local upload would be too quick).
  let releaseUpload = () => {};
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/v1/photos', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await form.getByLabel('Add photos').setInputFiles(photo);
  const bar = form.getByRole('progressbar', { name: 'Uploading chanterelles.jpg' });
  await bar.waitFor();
  await screenshot(page, `journey-uploading-${tag}`);
  releaseUpload();
  const thumb = form.getByRole('button', { name: 'View chanterelles.jpg' });
  await thumb.waitFor({ timeout: 30_000 });
  await page.unroute('**/api/v1/photos');
  expect(await bar.count()).toBe(0);
  expect(await imageLoaded(thumb.locator('img'))).toBe(true);
  await pageShot(page, 'entry-form-photo');
  await form.getByRole('button', { name: 'Save entry' }).click();
  await toast(page, 'Entry added');
  const entry = details.getByRole('article', { name: /^Entry of / });
  await entry.getByText('A dozen young ones by the stump.').waitFor();
  await entry.getByRole('img', { name: 'Abundance 3 of 5' }).waitFor();
  expect(
    await imageLoaded(entry.getByRole('button', { name: /^View photo 1/ }).locator('img')),
  ).toBe(true);
  await details.getByText('1 entry, 1 photo').waitFor();

  // 5. Edit it: more notes, a higher abundance.
  await entry.getByRole('button', { name: 'Edit' }).click();
  const editForm = details.locator('form.entry-form');
  await editForm.getByRole('heading', { name: 'Edit entry' }).waitFor();
  await editForm.getByRole('button', { name: 'View chanterelles.jpg' }).waitFor();
  await editForm.getByLabel('Notes').fill('Two dozen by the stump, more up the slope.');
  await editForm.getByRole('radio', { name: 'Abundance 5 of 5' }).check();
  await editForm.getByRole('button', { name: 'Save entry' }).click();
  await toast(page, 'Entry updated');
  await entry.getByText('Two dozen by the stump, more up the slope.').waitFor();
  await entry.getByRole('img', { name: 'Abundance 5 of 5' }).waitFor();
  await screenshot(page, `journey-entry-${tag}`);

  // 6. The Locations page finds it by category, by species and by search among other spots.
  await createSpots(page, [
    { name: 'Bramble corner', position: { lat: 51.1, lng: 7.1 }, categories: ['berries'] },
    { name: 'Thyme bank', position: { lat: 51.2, lng: 7.3 }, categories: ['herbs'] },
  ]);
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Locations' })
    .click();
  await waitForPath(page, '/locations');
  await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
  const row = page.getByRole('link', { name: new RegExp(spotName) });
  // The store's list is fresh (under 30 s), so the two API spots need a forced fetch: reload.
  await page.reload();
  await page.getByText('Showing all 3 spots').waitFor();
  // The filter chips write the query box (docs/behaviour.md#search-page).
  await showFilters(page);
  await filterChip(page, 'Category', 'mushrooms').click();
  await page.getByText('Showing 1 of 3 spots').waitFor();
  await row.waitFor();
  expect(await page.locator('.location-item').count()).toBe(1);
  await filterChip(page, 'Category', 'mushrooms').click();
  await filterChip(page, 'Species found', 'chanterelle').click();
  await page.getByText('Showing 1 of 3 spots').waitFor();
  await row.waitFor();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByText('Showing all 3 spots').waitFor();
  await page.getByLabel('Search spots').fill('chanterelle dell');
  await page.getByText('Showing 1 of 3 spots').waitFor();
  await row.waitFor();
  await screenshot(page, `journey-locations-${tag}`);

  // 7. Sign out and in again: everything is still there, photo included.
  await signOut(page);
  await submitCredentials(page, 'Sign in', email);
  await waitForPath(page, '/');
  await page.getByText('3 spots on the map').waitFor({ state: 'attached', timeout: 30_000 });
  await page.goto('/locations');
  await page.getByText('Showing all 3 spots').waitFor();
  await row.click();
  await waitForPath(page, '/');
  const again = page.getByRole('complementary', { name: spotName });
  await again.getByRole('heading', { name: spotName }).waitFor();
  expect(await again.locator('dt:text-is("Patch") + dd').textContent()).toBe(area);
  await again.getByText('1 entry, 1 photo').waitFor();
  const kept = again.getByRole('article', { name: /^Entry of / });
  await kept.getByText('Two dozen by the stump, more up the slope.').waitFor();
  await kept.getByRole('img', { name: 'Abundance 5 of 5' }).waitFor();
  await kept.getByRole('listitem').filter({ hasText: 'chanterelle' }).first().waitFor();
  const keptPhoto = kept.getByRole('button', { name: 'View photo 1 of 1' }).locator('img');
  expect(await imageLoaded(keptPhoto)).toBe(true);
  await screenshot(page, `journey-after-sign-in-${tag}`);
  await context.close();
}

describe.skipIf(e2e.skip)('a forager’s whole journey', () => {
  let browser: Browser;
  let workDir: string;
  let photo: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    workDir = mkdtempSync(path.join(tmpdir(), 'fj-journey-'));
    photo = await makeJpeg(path.join(workDir, 'chanterelles.jpg'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('signs up, adds a spot on the map, draws its patch, writes an entry with a photo, edits it, finds it on the Locations page, and finds it all again after signing out and in (desktop 1440x900)', async () => {
    await journey(browser, desktop, photo);
  }, 150_000);

  it('does the same journey on a phone (375x812)', async () => {
    await journey(browser, phone, photo);
  }, 150_000);
});

import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, signUp, uniqueEmail, waitForPath } from './support/browser.ts';
import { desktop1280, forestTab, phone390, type Fix } from './support/forest.ts';
import { createSpots } from './support/journal.ts';

/**
 * Issue 32 item 8, "Help describes what the app does today": every claim Help makes, word for
 * word ("{tap}" is "tap" on a touch screen, "click" with a mouse), each with the proof that the
 * feature it names is there. A sentence added to Help, or changed, fails the test until it is
 * listed here with its proof; a claim Help drops fails it too.
 */

interface Journal {
  spotId: string;
  spotName: string;
}

interface Claim {
  /** The step's title (without its number) or the question. */
  heading: string;
  text: string;
  proof(page: Page, journal: Journal): Promise<void>;
}

const at: Fix = { latitude: 50.0, longitude: 8.0, accuracy: 9 };
const spotName = 'Oak ridge chanterelles';

const visible = (page: Page, ...locators: ReturnType<Page['getByRole']>[]) =>
  Promise.all(locators.map((locator) => locator.waitFor()));

async function home(page: Page) {
  await page.goto('/');
  await page.locator('.maplibregl-canvas').waitFor();
}

async function openSpot(page: Page, { spotId, spotName: name }: Journal) {
  await page.goto(`/?location=${spotId}`);
  const panel = page.getByRole('complementary', { name });
  await panel.waitFor();
  return panel;
}

async function addMode(page: Page) {
  await home(page);
  await page.getByRole('button', { name: 'Add a spot', exact: true }).click();
  return page.getByRole('group', { name: 'Add a spot' });
}

const steps: Claim[] = [
  {
    heading: 'Add a spot',
    text: '{Tap} Add a spot, then {tap} the map where you found something, or move the map until the place is under the crosshair and choose Place at crosshair.',
    async proof(page) {
      const bar = await addMode(page);
      await bar.getByText('Click the map where you found something').waitFor();
      await bar.getByRole('button', { name: 'Place at crosshair' }).click();
      await page.getByRole('complementary', { name: 'New spot' }).waitFor();
    },
  },
  {
    heading: 'Use your position',
    text: 'Standing in the patch? Add a spot here averages your position for a few seconds, showing its accuracy, so the spot is right even under trees. The target button centres the map on you.',
    async proof(page) {
      const bar = await addMode(page);
      await bar.getByRole('button', { name: 'Add a spot here' }).click();
      await page.getByText(/^Averaging your position: accurate to ±9 m/).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('group', { name: 'Map controls' })
        .getByRole('button', { name: 'Use my position' })
        .waitFor();
    },
  },
  {
    heading: 'Search for a place',
    text: 'Type a village, trail or landmark into the map search to jump there before adding the spot.',
    async proof(page) {
      // The geocoder (photon by default) answers from the test, not the internet.
      await page.route(/photon|geocod/, (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                geometry: { type: 'Point', coordinates: [8.3, 50.2] },
                properties: { name: 'Kleinwaldheim', country: 'Germany' },
              },
            ],
          }),
        }),
      );
      await home(page);
      await page.getByPlaceholder('Search places or your spots').fill('Kleinwaldheim');
      await page.getByRole('option', { name: /Kleinwaldheim/ }).waitFor();
      await page.unroute(/photon|geocod/);
    },
  },
  {
    heading: 'Draw its patch',
    text: 'Open the spot and choose Draw patch, then outline the area it covers corner by corner, so you remember exactly where to look next time.',
    async proof(page, journal) {
      const panel = await openSpot(page, journal);
      await panel.getByRole('button', { name: 'Draw patch' }).click();
      await page
        .getByRole('toolbar', { name: 'Patch drawing' })
        .getByRole('button', { name: /Add corner/ })
        .waitFor();
    },
  },
  {
    heading: 'Add an entry with photos',
    text: 'Open the spot and add a dated entry: what you found, how much, a few notes and photos.',
    async proof(page, journal) {
      const panel = await openSpot(page, journal);
      await panel.getByRole('button', { name: 'Add entry' }).click();
      await visible(
        page,
        page.getByLabel('Date', { exact: true }),
        page.getByLabel(/Notes/),
        page.getByText('Add photos'),
      );
    },
  },
  {
    heading: 'Find it again',
    text: 'The Locations page lists every spot to search and filter. A spot shows its coordinates, Directions opens your maps app, and Guide me points the way with distance and an arrow, even with no signal.',
    async proof(page, journal) {
      await page.goto('/locations');
      await page.getByRole('searchbox').first().waitFor();
      await page.getByText(journal.spotName).first().waitFor();
      const panel = await openSpot(page, journal);
      await panel.getByTestId('spot-coordinates').waitFor();
      await panel.getByRole('link', { name: 'Directions' }).waitFor();
      await panel.getByRole('button', { name: 'Guide me' }).click();
      await page.getByTestId('guide-distance').waitFor();
    },
  },
];

const questions: Claim[] = [
  {
    heading: 'Who can see my spots?',
    text: 'Only you. Your spots, entries and photos are stored on this server; nothing is shared unless you share it from the Sharing page.',
    async proof(page) {
      await page.goto('/help');
      await page.getByText('Who can see my spots?').click();
      await page.getByRole('link', { name: 'Sharing' }).last().click();
      await page.getByRole('heading', { name: 'Sharing', level: 1 }).waitFor();
    },
  },
  {
    heading: 'Do my photos reveal where I took them?',
    text: 'No. Location (GPS) tags and all other hidden data are removed from every photo when it is uploaded.',
    // A server behaviour: the server's photo test uploads a photo with GPS tags and reads none back.
    async proof() {
      const test = readFileSync(
        new URL('../../server/test/photo-upload.test.ts', import.meta.url),
        'utf8',
      );
      expect(test).toContain('with no EXIF or GPS left');
    },
  },
  {
    heading: 'Does it work without signal?',
    text: 'Yes. The journal is kept on your device: you can open it, add spots and entries and take photos offline, and your changes are sent once you are back online. The header says Offline and how many changes are waiting. Save map areas for offline use from the map’s Saved map areas button.',
    async proof(page) {
      await home(page);
      const status = page.locator('.sync-status');
      await status.waitFor();
      expect(await status.textContent()).toMatch(
        /^(Online|Offline) · (All changes synced|\d+ changes? waiting)/,
      );
      await page.getByRole('button', { name: 'Saved map areas' }).click();
      await page.getByRole('button', { name: 'Save this area for offline' }).waitFor();
    },
  },
  {
    heading: 'Can I export my journal?',
    text: 'Yes. On the Locations page, Export writes GeoJSON, GPX, KML, CSV or an iNaturalist CSV, and Import reads them back. A full backup with photos is on your Profile.',
    async proof(page) {
      await page.goto('/locations');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Export spots' });
      for (const format of ['GeoJSON', 'GPX', 'KML', 'CSV', 'iNaturalist CSV'])
        await dialog.getByText(format, { exact: false }).first().waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('dialog', { name: 'Import spots' }).waitFor();
      await page.keyboard.press('Escape');
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Backup' }).waitFor();
    },
  },
  {
    heading: 'How do I delete my account?',
    text: 'Go to Profile and, in its Danger zone, choose Delete account. You type DELETE and your password; then every spot, entry and photo is removed for good.',
    async proof(page) {
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Danger zone' }).waitFor();
      await page.getByRole('button', { name: /^Delete account/ }).click();
      await page.getByLabel('Type DELETE to confirm').waitFor();
      await page.keyboard.press('Escape');
    },
  },
];

/** Help's framing, not feature claims: its title, lead, section names, the tutorial button. */
const frame = [
  'Help',
  'How the journal works, in six steps.',
  'Tutorial',
  'Play the tutorial again',
  'Questions',
  'More about your data in the privacy policy.',
];

const word = (touch: boolean) => (text: string) =>
  text.replaceAll('{tap}', touch ? 'tap' : 'click').replaceAll('{Tap}', touch ? 'Tap' : 'Click');

/** What Help shows: each step and question with its text, and every other text block. */
async function helpAsShown(page: Page) {
  await page.goto('/help');
  await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
  return page.locator('.page').evaluate((root) => {
    const text = (element: Element | null) =>
      element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    const claims = [
      ...[...root.querySelectorAll('.tutorial-step')].map((step) => ({
        heading: text(step.querySelector('h3')).replace(/^\d+\. /, ''),
        text: text(step.querySelector('p')),
      })),
      ...[...root.querySelectorAll('details')].map((question) => ({
        heading: text(question.querySelector('summary')),
        text: text(question.querySelector('p')),
      })),
    ];
    // Everything else that reads as words: it must be framing, or it is an unlisted claim.
    const others = [...root.querySelectorAll('h1, h2, h3, p, summary, li, button, a')]
      .filter((element) => !element.closest('.tutorial-step, details'))
      .filter((element) => !element.parentElement?.closest('p, button'))
      .map(text)
      .filter((words) => words !== '');
    return { claims, others, steps: root.querySelectorAll('.tutorial-step').length };
  });
}

describe.skipIf(e2e.skip)("Help's claims", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('are the listed ones, word for word, and each feature they name is there (desktop, mouse)', async () => {
    const { page, context } = await forestTab(browser, desktop1280, { at });
    await signUp(page, uniqueEmail('help-claims'));
    const [spotId = ''] = await createSpots(page, [
      { name: spotName, position: { lat: 50.004, lng: 8.003 }, categories: ['mushrooms'] },
    ]);
    const shown = await helpAsShown(page);
    const listed = [...steps, ...questions].map(({ heading, text }) => ({
      heading,
      text: word(false)(text),
    }));
    expect(shown.claims).toEqual(listed);
    expect(shown.others).toEqual(frame);
    // The lead's count is the tutorial's own.
    expect(shown.steps).toBe(steps.length);

    for (const claim of [...steps, ...questions]) {
      try {
        await claim.proof(page, { spotId, spotName });
      } catch (error) {
        throw new Error(`Help claims "${claim.heading}", and its proof failed`, { cause: error });
      }
    }

    // The tutorial played again says the same: its steps are Help's, with the mouse's verb.
    await page.goto('/help');
    await page.getByRole('button', { name: 'Play the tutorial again' }).click();
    await waitForPath(page, '/');
    const tutorial = page.getByRole('dialog', { name: 'Add a spot' });
    await tutorial.getByText(word(false)(steps[0]?.text ?? '')).waitFor();
    await tutorial.getByText(/^Step 1 of \d$/).waitFor();
    await context.close();
  });

  it('say "tap" on a touch screen', async () => {
    const { page, context } = await forestTab(browser, phone390);
    await signUp(page, uniqueEmail('help-touch'));
    const shown = await helpAsShown(page);
    expect(shown.claims.map((claim) => claim.text)).toEqual(
      [...steps, ...questions].map(({ text }) => word(true)(text)),
    );
    expect(shown.claims.some((claim) => /\bclick/i.test(claim.text))).toBe(false);
    await context.close();
  });
});

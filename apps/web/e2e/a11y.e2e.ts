import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
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
import { createSpots, makeJpeg, pageShot } from './support/journal.ts';

interface Finding {
  page: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe on what the page shows now, prints one summary line, screenshots it, and answers
 * the serious and critical violations (the test fails on any).
 */
async function audit(page: Page, name: string): Promise<Finding[]> {
  const size = page.viewportSize();
  const label = `${name} ${size?.width ?? 0}x${size?.height ?? 0}`;
  const { violations } = await new AxeBuilder({ page }).analyze();
  const minor = violations
    .filter((v) => v.impact !== 'serious' && v.impact !== 'critical')
    .map((v) => `${v.impact ?? 'unknown'}:${v.id}`);
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(
    `AXE ${label}: ${violations.length} violations` +
      (minor.length > 0 ? ` (${minor.join(', ')})` : '') +
      (severe.length > 0 ? ` SEVERE: ${severe.map((v) => v.id).join(', ')}` : ''),
  );
  await pageShot(page, name);
  return severe.map((v) => ({
    page: label,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
}

/** The signed-out pages: the start screen, the three login modes, the privacy policy, a share link's. */
async function auditPublicPages(browser: Browser, viewport: typeof desktop | typeof phone) {
  const findings: Finding[] = [];
  const { page, context } = await openTab(browser, viewport);

  // The start screen shows while /api/health has not answered: hold that answer for a while.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/health', async (route) => {
    await held;
    // The gate may have given up on this request meanwhile (it aborts after 15 s).
    await route.continue().catch(() => undefined);
  });
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Starting Foraging Journal' }).waitFor();
  findings.push(...(await audit(page, 'start-screen')));
  release();
  await page.unroute('**/api/health');

  await page.getByRole('heading', { name: 'Sign in to your journal' }).waitFor();
  findings.push(...(await audit(page, 'login-sign-in')));
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Create your journal' }).waitFor();
  findings.push(...(await audit(page, 'login-sign-up')));
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /forgot/i }).click();
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  findings.push(...(await audit(page, 'login-reset')));

  await page.getByRole('link', { name: 'Privacy policy' }).click();
  await page.getByRole('heading', { level: 1, name: /privacy/i }).waitFor();
  findings.push(...(await audit(page, 'privacy-policy')));

  // A share link's page with a link that is not complete: its alert and heading.
  await page.goto('/s/');
  await page.getByRole('alert').waitFor();
  findings.push(...(await audit(page, 'share-link')));
  await context.close();
  return findings;
}

/** Every signed-in page and its dialogs, with one spot that has an entry form open. */
async function auditJournalPages(
  browser: Browser,
  viewport: typeof desktop | typeof phone,
  photo: string,
) {
  const findings: Finding[] = [];
  const { page, context } = await openTab(browser, viewport);
  await signUp(page, uniqueEmail('a11y'));
  await page.getByText('No spots on the map yet').waitFor({ state: 'attached' });
  await page.getByRole('region', { name: 'Add your first spot' }).waitFor();
  findings.push(...(await audit(page, 'home-empty')));

  const [id = ''] = await createSpots(page, [
    {
      name: 'Beech hanger',
      position: { lat: 50.12, lng: 8.64 },
      categories: ['mushrooms'],
      species: ['chanterelle'],
    },
  ]);
  await page.goto(`/?location=${id}`);
  const panel = page.getByRole('complementary', { name: 'Beech hanger' });
  await panel.getByRole('heading', { name: 'Beech hanger' }).waitFor();
  await page.getByText('1 spot on the map').waitFor({ state: 'attached' });
  findings.push(...(await audit(page, 'home-details')));

  await panel.getByRole('button', { name: 'Add entry' }).click();
  const form = panel.locator('form.entry-form');
  await form.getByRole('heading', { name: 'New entry' }).waitFor();
  await form.locator('input[type="file"]').setInputFiles(photo);
  await form.getByRole('button', { name: /^View / }).waitFor({ timeout: 30_000 });
  await form.getByText('Photos', { exact: true }).scrollIntoViewIfNeeded();
  findings.push(...(await audit(page, 'home-entry-form')));

  await page.goto('/locations');
  await page.getByText('Showing all 1 spot').waitFor();
  findings.push(...(await audit(page, 'locations')));

  await page.goto('/settings');
  await page.getByRole('heading', { name: 'mushrooms' }).waitFor();
  findings.push(...(await audit(page, 'settings')));

  await page.goto('/profile');
  await page.getByTestId('profile-name').waitFor();
  findings.push(...(await audit(page, 'profile')));
  await page.getByRole('button', { name: 'Delete account…' }).click();
  await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
  findings.push(...(await audit(page, 'profile-delete-dialog')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  await page.goto('/sharing');
  await page.getByText('You share nothing.').waitFor();
  findings.push(...(await audit(page, 'sharing')));

  await page.goto('/help');
  await page.getByRole('heading', { name: 'Questions' }).waitFor();
  findings.push(...(await audit(page, 'help')));
  await page.getByRole('button', { name: 'Play the tutorial again' }).click();
  await page.getByRole('dialog', { name: 'Add a spot' }).waitFor();
  findings.push(...(await audit(page, 'tutorial')));
  await context.close();
  return findings;
}

describe.skipIf(e2e.skip)('accessibility (axe) of every page', () => {
  let browser: Browser;
  let workDir: string;
  let photo: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    workDir = mkdtempSync(path.join(tmpdir(), 'fj-a11y-'));
    photo = await makeJpeg(path.join(workDir, 'chanterelles.jpg'), 800, 600);
  });
  afterAll(async () => {
    await browser.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  for (const [label, viewport] of [
    ['desktop 1440x900', desktop],
    ['phone 375x812', phone],
  ] as const) {
    it(`has no serious or critical axe violations on the signed-out pages (${label})`, async () => {
      expect(await auditPublicPages(browser, viewport)).toEqual([]);
    });

    it(`has no serious or critical axe violations on the signed-in pages (${label})`, async () => {
      expect(await auditJournalPages(browser, viewport, photo)).toEqual([]);
    }, 150_000);
  }
});

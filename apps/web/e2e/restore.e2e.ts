import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, openTab, phone, signUp, uniqueEmail } from './support/browser.ts';
import { createSpots } from './support/journal.ts';

describe.skipIf(e2e.skip)('backup and restore from the Profile page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('downloads a backup, then restores it into a new account with a preview, on a 375 px phone', async () => {
    const first = await openTab(browser, phone);
    await signUp(first.page, uniqueEmail('backup'));
    await createSpots(first.page, [
      { name: 'Morel glade, "east"', position: { lat: 50.31, lng: 8.52 } },
      { name: 'Cloudberry bog', position: { lat: 61.5, lng: 14.2 } },
    ]);
    await first.page.goto('/profile');
    const [download] = await Promise.all([
      first.page.waitForEvent('download'),
      first.page.getByRole('button', { name: 'Download a backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^foraging-journal-backup-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const zip = await download.path();

    const second = await openTab(browser, phone);
    await signUp(second.page, uniqueEmail('restore'));
    await second.page.goto('/profile');
    await second.page.getByLabel('Choose a backup…').setInputFiles(zip);
    await second.page.getByText('Will be added: 2 spots, 0 entries and 0 photos.').waitFor();
    await second.page.getByText(/holds 2 spots/).waitFor();
    await second.page.getByRole('button', { name: 'Restore' }).click();
    await second.page.getByText('Restored 2 spots, 0 entries and 0 photos.').waitFor();
    await second.page.goto('/locations');
    await second.page.getByRole('link', { name: /Cloudberry bog/ }).waitFor();
    await second.page.getByRole('link', { name: /Morel glade, "east"/ }).waitFor();
  });
});

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** Opens the Export dialog, picks the format and downloads: the file's name and text. */
export async function exportAs(
  page: Page,
  format: RegExp,
): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export spots' });
  await dialog.getByLabel(format).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  await dialog.waitFor({ state: 'detached' });
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

/**
 * Records every value the import dialog's upload bar shows (aria-valuenow), from now on, in
 * the page: a bar that is shown only for a moment is still seen.
 */
export async function watchUploadBar(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { uploadBarValues: number[] }).uploadBarValues = seen;
    const read = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-label^="Uploading"]'))
        seen.push(Number(bar.getAttribute('aria-valuenow')));
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { uploadBarValues: number[] }).uploadBarValues);
}

/**
 * Uploads from this page go at most `bytesPerSecond` (Chromium's own network throttling, which
 * paces request bodies too): a small file's upload bar moves in steps the test can see.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

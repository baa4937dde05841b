import AxeBuilder from '@axe-core/playwright';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, openTab, phone, screenshot } from './support/browser.ts';
import { gzipBytes, recordScripts } from './support/scripts.ts';
import { startServer, type StartedServer } from './support/server.ts';

/**
 * The installable, offline app shell (docs/architecture.md#service-worker): after one
 * online visit the service worker serves the app, every lazy page included, with no network; a
 * new deploy shows "New version ready — Reload" and waits for the user.
 */

/** Resolves once a service worker is active for the page and controls it. */
async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every script and style sheet of the build: the shell and each lazy chunk. */
function builtAssets(distDir: string): string[] {
  return readdirSync(path.join(distDir, 'assets'))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `/assets/${file}`);
}

describe.skipIf(e2e.skip)('the offline app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('is installable, and after one online visit /login and a deep link load with no network, every chunk comes from the cache, /api does not', async () => {
    const { page, context } = await openTab(browser, phone, { serviceWorkers: 'allow' });
    const scripts = recordScripts(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = await scripts.settled();
    const gzip = login.reduce((sum, script) => sum + gzipBytes(e2e.webDistDir, script), 0);
    console.log(`/login with the service worker: ${login.length} scripts, ${gzip} bytes gzip`);
    await untilControlled(page);

    // Chromium's own verdict on the manifest, icons and worker: what its install prompt checks.
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
      url: string;
    };
    expect(manifest.errors).toEqual([]);
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
    // A test browser profile is always "incognito", which alone keeps Chromium from offering it.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(
      installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);

    await context.setOffline(true);
    try {
      // Chromium's own "No internet" page would make goto throw; the cached index.html answers.
      await page.reload();
      expect(await page.title()).toBe('Foraging Journal');
      await page.locator('#root > *').first().waitFor();

      await page.goto('/locations');
      expect(await page.title()).toBe('Foraging Journal');
      await page.locator('#root > *').first().waitFor();

      // A lazy page that needs no server opens from the cache.
      await page.goto('/privacy-policy');
      await page.getByRole('heading', { level: 1, name: /privacy/i }).waitFor();
      await screenshot(page, 'offline-shell-privacy-policy');

      // Every chunk, not only those this visit has opened so far, is there offline.
      const assets = builtAssets(e2e.webDistDir);
      const missing = await page.evaluate(async (urls) => {
        const answers = await Promise.all(
          urls.map((url) =>
            fetch(url).then(
              (response) => (response.ok ? null : `${url}: ${response.status}`),
              () => `${url}: no response`,
            ),
          ),
        );
        return answers.filter((answer) => answer !== null);
      }, assets);
      expect(assets.length).toBeGreaterThan(10);
      expect(missing).toEqual([]);

      // The API is never answered from the cache: the data layer must see "no response".
      const api = await page.evaluate(() =>
        fetch('/api/health').then(
          (response) => `status ${response.status}`,
          () => 'no response',
        ),
      );
      expect(api).toBe('no response');
      await expect(page.goto('/api/docs')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  describe('a new deploy', () => {
    let workDir: string;
    let distDir: string;
    let server: StartedServer;
    beforeAll(async () => {
      // A server of its own on a copy of the build, which the test then "deploys" over.
      workDir = mkdtempSync(path.join(tmpdir(), 'fj-offline-shell-'));
      distDir = path.join(workDir, 'dist');
      cpSync(e2e.webDistDir, distDir, { recursive: true });
      server = await startServer({
        dataDir: path.join(workDir, 'data'),
        webDistDir: distDir,
        logFile: path.join(e2e.artifactsDir, 'offline-shell-server.log'),
      });
    });
    afterAll(async () => {
      await server.stop();
      rmSync(workDir, { recursive: true, force: true });
    });

    /**
     * What a new build changes: index.html (with a mark the test can see) and its revision in
     * the worker's precache list, hence a new sw.js. The compressed copies of index.html go, so
     * the server sends the new one.
     */
    function deployNewVersion() {
      const indexFile = path.join(distDir, 'index.html');
      const html = readFileSync(indexFile, 'utf8');
      writeFileSync(indexFile, html.replace('<head>', '<head><meta name="fj-deploy" content="2">'));
      rmSync(`${indexFile}.br`, { force: true });
      rmSync(`${indexFile}.gz`, { force: true });
      const workerFile = path.join(distDir, 'sw.js');
      const worker = readFileSync(workerFile, 'utf8');
      const updated = worker.replace(/(url:"index\.html",revision:")[^"]+"/, '$1deploy-2"');
      expect(updated).not.toBe(worker);
      writeFileSync(workerFile, updated);
    }

    it('shows "New version ready — Reload", never reloads by itself, and Reload loads the new version', async () => {
      const { page, context } = await openTab(browser, phone, {
        serviceWorkers: 'allow',
        baseUrl: server.baseUrl,
      });
      try {
        await page.goto('/login');
        await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
        await untilControlled(page);
        await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
        // A mark on this very page: it survives only as long as the page is not reloaded.
        await page.evaluate(() => ((window as { fjSamePage?: boolean }).fjSamePage = true));

        deployNewVersion();
        // What a browser does on its own at the next navigation, or the app every hour.
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          await registration?.update();
        });
        const prompt = page.getByRole('status').filter({ hasText: 'New version ready' });
        await prompt.waitFor();
        expect(await prompt.textContent()).toBe('New version ready — Reload');
        await screenshot(page, 'offline-shell-update-prompt-375');

        // Left alone, the page stays as it is, on the old version.
        await page.waitForTimeout(2_000);
        expect(await page.evaluate(() => (window as { fjSamePage?: boolean }).fjSamePage)).toBe(
          true,
        );
        expect(await page.locator('meta[name="fj-deploy"]').count()).toBe(0);

        // The prompt is accessible (axe, on the prompt only: the page has its own test), fits a
        // 375 px screen and is reached from the keyboard.
        const { violations } = await new AxeBuilder({ page })
          .include('.update-prompt-region')
          .analyze();
        expect(violations.map((violation) => violation.id)).toEqual([]);
        const box = await prompt.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
        const reload = prompt.getByRole('button', { name: 'Reload' });
        await reload.focus();
        const reloaded = page.waitForEvent('load');
        await page.keyboard.press('Enter');
        await reloaded;
        await page.locator('meta[name="fj-deploy"]').waitFor({ state: 'attached' });
        expect(await page.evaluate(() => (window as { fjSamePage?: boolean }).fjSamePage)).toBe(
          undefined,
        );
        await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
        expect(await page.getByText('New version ready').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  });
});

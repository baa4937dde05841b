import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissTutorial,
  e2e,
  launchBrowser,
  password,
  submitCredentials,
  uniqueEmail,
  waitForPath,
} from './support/browser.ts';
import { freePort, startServer, type StartedServer } from './support/server.ts';

/** Whether the identity provider knows this account: a sign-in from the server's own side. */
async function canSignIn(baseUrl: string, email: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  return response.status === 200;
}

async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/**
 * A page on a third origin that posts a sign-up form to the journal server: the classic
 * cross-site request, which a browser sends without asking CORS first.
 */
function startForeignSite(target: string, port: number, email: string): Promise<Server> {
  const field = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${value}">`;
  const html = `<!doctype html><title>elsewhere</title>
    <form method="post" action="${target}/api/auth/sign-up/email">
      ${field('email', email)}${field('password', password)}${field('name', 'x')}
      <button>Go</button>
    </form>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(e2e.skip)('the address the user opened', () => {
  let browser: Browser;
  let server: StartedServer;
  let dataDir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-e2e-origin-'));
    // PUBLIC_URL unset, as after `npm install && npm start`: it defaults to http://localhost:PORT.
    server = await startServer({
      dataDir,
      webDistDir: e2e.webDistDir,
      logFile: path.join(e2e.artifactsDir, 'server-default-public-url.log'),
      defaultPublicUrl: true,
    });
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs up, signs in and reads data at http://127.0.0.1 with PUBLIC_URL unset', async () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await openPage(browser, server.baseUrl);
    const email = uniqueEmail('loopback');
    await page.goto('/login');
    await submitCredentials(page, 'Create account', email);
    await waitForPath(page, '/');
    await dismissTutorial(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/login');
    await submitCredentials(page, 'Sign in', email);
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();

    // Reading data goes through the API with the session this address holds.
    await page.goto('/locations');
    await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
    expect(await canSignIn(server.baseUrl, email)).toBe(true);
    await page.context().close();
  });

  it('refuses a page served from a third origin', async () => {
    const foreignPort = await freePort();
    const email = uniqueEmail('foreign');
    const foreign = await startForeignSite(server.baseUrl, foreignPort, email);
    try {
      const page = await openPage(browser, `http://127.0.0.1:${foreignPort}`);
      await page.goto('/');
      const answer = page.waitForResponse((response) => response.url().endsWith('/sign-up/email'));
      await page.getByRole('button', { name: 'Go' }).click();
      expect((await answer).status()).toBe(403);
      expect(await page.textContent('body')).toContain('Invalid origin');
      expect(await canSignIn(server.baseUrl, email)).toBe(false);
      await page.context().close();
    } finally {
      await new Promise((resolve) => foreign.close(resolve));
    }
  });

  it('with PUBLIC_URL set explicitly, refuses the same server reached at another address', async () => {
    // The suite's own server runs with PUBLIC_URL=http://127.0.0.1:PORT; localhost is another origin.
    const other = e2e.baseUrl.replace('127.0.0.1', 'localhost');
    const page = await openPage(browser, other);
    const email = uniqueEmail('strict');
    await page.goto('/login');
    await submitCredentials(page, 'Create account', email);
    await page
      .getByRole('alert')
      .filter({ hasText: /origin/i })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await canSignIn(e2e.baseUrl, email)).toBe(false);
    await page.context().close();
  });
});

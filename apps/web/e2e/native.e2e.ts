import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, phone, signUp, uniqueEmail, waitForPath } from './support/browser.ts';
import { freePort, startServer, type StartedServer } from './support/server.ts';

/*
 * The native app's code paths in Chromium: the suite's one build, with the native shell's
 * stand-in set before the app loads (platform.ts: native code paths and the server's absolute
 * origin), served from another origin (as the WebView serves it from
 * https://localhost or capacitor://localhost) against the real server, which allows that
 * origin through CORS_ORIGINS. capacitor-secure-storage-plugin runs on its web implementation
 * (localStorage under "cap_sec_", base64), so the kept session token can be looked at.
 */

const tokenKey = 'cap_sec_fj.sessionToken';

/** The session token the app keeps, read in the page. */
const keptSession = (page: Page) =>
  page.evaluate((key) => {
    const stored = localStorage.getItem(key);
    return stored === null ? null : atob(stored);
  }, tokenKey);

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** The WebView's part: files from the build, index.html for every app route. */
function serveStatic(root: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      file = path.join(root, 'index.html');
    response.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/** The bearer ID token the app would send, fetched from the page with the kept session token. */
function idToken(page: Page, apiOrigin: string): Promise<string> {
  return page.evaluate(
    async ({ origin, key }) => {
      const stored = localStorage.getItem(key);
      const session = stored === null ? null : atob(stored);
      const answer = await fetch(`${origin}/api/auth/token`, {
        credentials: 'omit',
        headers: { authorization: `Bearer ${session ?? ''}` },
      });
      if (!answer.ok) throw new Error(`GET /api/auth/token answered ${answer.status}`);
      return ((await answer.json()) as { token: string }).token;
    },
    { origin: apiOrigin, key: tokenKey },
  );
}

/** A browser context whose pages see the native shell's stand-in before the app's code runs. */
async function nativeContext(browser: Browser, apiOrigin: string, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  await context.addInitScript((origin) => {
    (globalThis as { fjNativeShellStandIn?: { apiOrigin: string } }).fjNativeShellStandIn = {
      apiOrigin: origin,
    };
  }, apiOrigin);
  return context;
}

async function betterAuthCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => cookie.name.includes('better-auth'));
}

describe.skipIf(e2e.skip)('the native code paths (bearer session, absolute API origin)', () => {
  let browser: Browser;
  let api: StartedServer;
  let app: Server;
  let stranger: Server;
  let appOrigin = '';
  let strangerOrigin = '';
  let workDir = '';

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'fj-native-e2e-'));
    const [appPort, strangerPort] = [await freePort(), await freePort()];
    appOrigin = `http://127.0.0.1:${appPort}`;
    strangerOrigin = `http://127.0.0.1:${strangerPort}`;
    api = await startServer({
      dataDir: path.join(workDir, 'data'),
      webDistDir: path.join(workDir, 'unused-dist'),
      logFile: path.join(e2e.artifactsDir, 'native-server.log'),
      // The Capacitor origins stay allowed; the page's origin stands in for the WebView's.
      env: { CORS_ORIGINS: `capacitor://localhost,https://localhost,${appOrigin}` },
    });
    const dist = e2e.webDistDir;
    app = await serveStatic(dist, appPort);
    stranger = await serveStatic(dist, strangerPort);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await close(app);
    await close(stranger);
    await api?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('signs up with the bearer session, reads and writes data, and signs out', async () => {
    const context = await nativeContext(browser, api.baseUrl, {
      baseURL: appOrigin,
      viewport: phone,
      isMobile: true,
      hasTouch: true,
    });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiRequests.push(request.url());
    });

    const email = uniqueEmail('native');
    await signUp(page, email);

    // No cookies: the session is the bearer token kept in secure storage.
    expect(await betterAuthCookies(context)).toEqual([]);
    const session = await keptSession(page);
    expect(session).toBeTruthy();
    // Every API call went to the server's absolute origin, none to the page's own.
    expect(apiRequests.length).toBeGreaterThan(0);
    expect(apiRequests.every((url) => url.startsWith(`${api.baseUrl}/api/`))).toBe(true);

    // Write through the app's own client: a terrain type in settings (PUT /preferences).
    await page.goto('/settings');
    await page.getByLabel('New terrain type').fill('moorland');
    await page.getByLabel('New terrain type').press('Enter');
    await page.getByText('moorland', { exact: false }).first().waitFor();

    // Write a spot the way the app's client does: ID token as bearer, from the page's origin.
    const created = await page.evaluate(
      async ({ origin, token }) => {
        const answer = await fetch(`${origin}/api/v1/locations`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: 'Native glade', position: { lat: 61.2, lng: 14.1 } }),
        });
        return answer.status;
      },
      { origin: api.baseUrl, token: await idToken(page, api.baseUrl) },
    );
    expect(created).toBe(201);

    // A restart of the app: the kept token signs it in again; the app reads both writes back.
    await page.waitForTimeout(500);
    await page.reload();
    await page.goto('/locations');
    await page.getByRole('link', { name: /Native glade/ }).waitFor();
    await page.goto('/settings');
    await page.getByText('moorland', { exact: false }).first().waitFor();
    expect(await betterAuthCookies(context)).toEqual([]);

    // Sign-out removes the kept token, and the server no longer knows it.
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/login');
    expect(await keptSession(page)).toBeNull();
    const afterSignOut = await fetch(`${api.baseUrl}/api/auth/get-session`, {
      headers: { authorization: `Bearer ${session ?? ''}` },
    });
    expect(await afterSignOut.json()).toBeNull();
    await context.close();
  });

  it('refuses a request from an origin that is not allowed', async () => {
    // A session and an ID token, made from the allowed origin.
    const context = await nativeContext(browser, api.baseUrl, { baseURL: appOrigin });
    const page = await context.newPage();
    await signUp(page, uniqueEmail('native-cors'));
    const token = await idToken(page, api.baseUrl);
    const allowed = await page.evaluate(
      async ({ origin, bearer }) => {
        const answer = await fetch(`${origin}/api/v1/locations`, {
          headers: { authorization: `Bearer ${bearer}` },
        });
        return answer.status;
      },
      { origin: api.baseUrl, bearer: token },
    );
    expect(allowed).toBe(200);

    // The same call, with the same token, from a page on a third origin.
    const other = await context.newPage();
    await other.goto(`${strangerOrigin}/privacy-policy`);
    const refused = await other.evaluate(
      async ({ origin, bearer }) => {
        try {
          const answer = await fetch(`${origin}/api/v1/locations`, {
            headers: { authorization: `Bearer ${bearer}` },
          });
          return `answered ${answer.status}`;
        } catch (error) {
          return error instanceof TypeError ? 'refused' : String(error);
        }
      },
      { origin: api.baseUrl, bearer: token },
    );
    expect(refused).toBe('refused');

    // Its preflight gets no Access-Control-Allow-Origin; the allowed origin's does.
    const preflight = (origin: string) =>
      fetch(`${api.baseUrl}/api/v1/locations`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    expect((await preflight(strangerOrigin)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(appOrigin)).headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(
      (await preflight('capacitor://localhost')).headers.get('access-control-allow-origin'),
    ).toBe('capacitor://localhost');

    // better-auth refuses a sign-in from the stranger's origin, too.
    const signIn = await fetch(`${api.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: strangerOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever-123' }),
    });
    expect(signIn.status).toBe(403);
    await context.close();
  });
});

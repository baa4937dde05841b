// A lifetime's journal in Chromium (lifetime-journal.ts): the first sign-in on a new device to
// the spots on the map, beside MapLibre alone drawing the same points from a static file; then,
// in the last run's tab, the JS heap, the Locations list (first rows, a scroll to the end) and a
// sync after one changed entry. Scripts run in the page are text: the bench runs through tsx,
// whose helpers a function handed to the page would call but not find.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { startBareMap } from './bare-map-server.ts';
import { offlineContext } from './offline-start.ts';
import type { LifetimeJournal } from './lifetime-journal.ts';
import {
  cookiesFor,
  doneWhenDrawn,
  pageRun,
  timeBare,
  viewport,
  type PageRun,
} from './map-idle.ts';
import { api } from './seed.ts';

/** What the page scripts leave on `window`. */
interface Marks {
  benchShownAt?: number;
}

export interface LifetimeResult {
  app: PageRun[];
  bare: PageRun[];
  heapBytes: number;
  /** Click to the first frame with the list's first row; the same to the Help page's heading. */
  listMs: number;
  helpMs: number;
  /** The longest frame while the list scrolls to its end, and over as many frames at rest. */
  scrollFrameMs: number;
  restFrameMs: number;
  scrollFrames: number;
  lastRowName: string;
  /** The /sync answer after one changed entry, and from its last byte to the list showing it. */
  syncBytes: number;
  syncApplyMs: number;
  /** A cold start offline from the local copy to every spot drawn; the copy read alone. */
  offline: number[];
  readAlone: number[];
}

/** Sets window.benchShownAt at the first frame after a change to the page makes `test` true. */
const shownWhen = (test: string) => `
  window.benchShownAt = undefined;
  const observer = new MutationObserver(() => {
    if (!(${test})) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.benchShownAt = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;

const waitForShown = (page: Page) =>
  page.waitForFunction(() => (window as Marks).benchShownAt !== undefined, undefined, {
    timeout: 60_000,
  });

/** ms from a click to the first frame in which `selector` is in the page. */
async function clickToFrame(page: Page, click: () => Promise<void>, selector: string) {
  await page.evaluate(`
    window.benchClickAt = undefined;
    document.addEventListener('click', () => { window.benchClickAt = performance.now(); }, { capture: true, once: true });
    ${shownWhen(`document.querySelector(${JSON.stringify(selector)})`)}
  `);
  await click();
  await waitForShown(page);
  return Number(await page.evaluate('window.benchShownAt - window.benchClickAt'));
}

/** The longest gap between frames over `frames` frames, the list scrolled by `step` px in each. */
const framesScript = (step: number, frames: number) => `
  new Promise((resolve) => {
    const scroller = document.querySelector('[data-testid="location-scroll"]');
    let longest = 0, last = 0, count = 0;
    const frame = (now) => {
      if (last) longest = Math.max(longest, now - last);
      last = now;
      count++;
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
      if (count > ${frames} || (${step} > 0 && atEnd)) return resolve({ longest, count });
      scroller.scrollTop += ${step};
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`;

async function scrollToEnd(page: Page) {
  const scroll = (await page.evaluate(framesScript(4000, 100_000))) as {
    longest: number;
    count: number;
  };
  const rest = (await page.evaluate(framesScript(0, scroll.count))) as { longest: number };
  const count = (await page.evaluate(
    `document.querySelector('[data-testid="location-scroll"] li:last-child')?.getAttribute('aria-setsize')`,
  )) as string;
  const lastRowName = await page
    .locator(`li[aria-posinset="${count}"] .location-name`)
    .innerText({ timeout: 5_000 });
  return {
    scrollFrameMs: scroll.longest,
    restFrameMs: rest.longest,
    scrollFrames: scroll.count,
    lastRowName,
  };
}

/** One entry of the list's last spot dated today, Sync now, until that spot heads the list. */
async function syncOneChange(page: Page, journey: LifetimeJournal, spotName: string) {
  const spot = journey.journal.find((location) => location.name === spotName);
  const entry = spot?.entries[0];
  if (!spot || !entry) throw new Error(`no spot named ${spotName} with an entry`);
  await page.evaluate(`document.querySelector('[data-testid="location-scroll"]').scrollTop = 0`);
  const first = `document.querySelector('li[aria-posinset="1"] .location-name')?.textContent`;
  await page.evaluate(shownWhen(`${first} === ${JSON.stringify(spotName)}`));
  const today = new Date().toISOString().slice(0, 10);
  const { server, user } = journey;
  const path = `/locations/${spot.id}/entries/${entry.id}`;
  const changed = await api(server.baseUrl, user, 'PUT', path, { date: today });
  if (!changed.ok) throw new Error(`PUT ${path}: ${changed.status}`);
  await page.locator('.sync-status').click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await waitForShown(page);
  return (await page.evaluate(`(() => {
    const answers = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/v1/sync'));
    const last = answers[answers.length - 1];
    return { syncBytes: last.transferSize, syncApplyMs: window.benchShownAt - last.responseEnd };
  })()`)) as { syncBytes: number; syncApplyMs: number };
}

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Every location and the meta of the user's local copy read from IndexedDB, in ms. */
const readCopyScript = `(async () => {
  const start = performance.now();
  const [{ name }] = (await indexedDB.databases()).filter((db) => db.name.startsWith('fj-journal-'));
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const all = (store) => new Promise((resolve, reject) => {
    const request = db.transaction(store).objectStore(store).getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const [locations] = await Promise.all([all('locations'), all('meta')]);
  if (!locations.length) throw new Error('empty local copy');
  return performance.now() - start;
})()`;

/** Alternating: the app's cold start offline to every spot drawn, and the copy read alone. */
async function offlineStarts(
  browser: Browser,
  baseUrl: string,
  storage: Storage,
  total: number,
  runs: number,
) {
  const offline: number[] = [];
  const readAlone: number[] = [];
  for (let i = 0; i < runs; i++) {
    const alone = await offlineContext(browser, storage);
    const blank = await alone.newPage();
    // A file of the app's origin that starts nothing: the copy is that origin's.
    await blank.goto(`${baseUrl}/bench-style.json`);
    readAlone.push(Number(await blank.evaluate(readCopyScript)));
    await alone.close();
    const context = await offlineContext(browser, storage);
    const page = await context.newPage();
    await page.addInitScript({ content: doneWhenDrawn(`${total} spots on the map`) });
    await page.goto(`${baseUrl}/`);
    offline.push((await pageRun(page)).doneMs);
    await context.close();
  }
  return { offline, readAlone };
}

export async function measureLifetime(
  journey: LifetimeJournal,
  runs: number,
): Promise<LifetimeResult> {
  const total = journey.journal.length;
  const reference = await startBareMap(journey.journal.map((spot) => spot.position));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    await timeBare(browser, reference.url);
    const app: PageRun[] = [];
    const bare: PageRun[] = [];
    let page: Page | undefined;
    for (let i = 0; i < runs; i++) {
      bare.push(await timeBare(browser, reference.url));
      await page?.context().close();
      // A new device: the session cookie and nothing else, no local copy.
      const context = await browser.newContext({ viewport });
      await context.addCookies(cookiesFor(journey.server.baseUrl, journey.user.cookie));
      page = await context.newPage();
      await page.addInitScript({ content: doneWhenDrawn(`${total} spots on the map`) });
      await page.goto(`${journey.server.baseUrl}/`);
      app.push(await pageRun(page));
    }
    if (!page) throw new Error('no run');
    // The local copy written and the garbage collected, then what the tab holds.
    await page.waitForTimeout(3_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize: heapBytes } = await cdp.send('Runtime.getHeapUsage');
    const nav = page.getByRole('navigation');
    const helpMs = await clickToFrame(
      page,
      () => nav.getByRole('link', { name: 'Help' }).click(),
      'h1',
    );
    const listMs = await clickToFrame(
      page,
      () => nav.getByRole('link', { name: 'Locations' }).click(),
      'li[aria-posinset="1"] .location-name',
    );
    const scrolled = await scrollToEnd(page);
    const synced = await syncOneChange(page, journey, scrolled.lastRowName);
    const storage = await page.context().storageState({ indexedDB: true });
    await page.context().close();
    const base = journey.server.baseUrl;
    const starts = await offlineStarts(browser, base, storage, total, runs);
    return { app, bare, heapBytes, listMs, helpMs, ...scrolled, ...synced, ...starts };
  } finally {
    await browser.close();
    await reference.stop();
  }
}

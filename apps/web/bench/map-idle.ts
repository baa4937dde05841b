// The home map with 10,000 spots: from navigating to / until the map is idle with its clusters
// drawn, beside MapLibre alone drawing the same points (bare-map.html), in one Chromium with
// SwiftShader, alternating runs. Each run's browser profile has nothing cached; the app's holds
// what a device the user signed in on holds (the session cookie, the app's local storage).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { spotsVisibleMark } from '../src/features/map/pixel-ratio.ts';
import type { BenchServer } from './app-server.ts';
import { startBareMap } from './bare-map-server.ts';
import { startRecording, type RunRecording } from './run-recording.ts';
import { spotPositions, type BenchUser } from './seed.ts';

export const viewport = { width: 1280, height: 800 };
/** The session cookies of a Cookie header, for the browser's own cookie jar. */
export function cookiesFor(baseUrl: string, header: string) {
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

/**
 * The live region (cluster-markers.tsx) says how many spots the map draws; the first frame after
 * it counts them all, with cluster bubbles on the map, is the end. Written as text: the bench
 * runs through tsx, whose helpers a function handed to the page would call but not find.
 */
export const doneWhenDrawn = (expected: string) => `
  const observer = new MutationObserver(() => {
    const region = document.querySelector('[data-testid="map-spot-count"]');
    if (region?.textContent !== ${JSON.stringify(expected)} || !document.querySelector('.map-cluster')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.benchDone = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  ${largestPaint}
`;

/** The page's latest largest-contentful-paint so far, as window.benchLcp (ms). */
const largestPaint = `
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** ms from navigation start: the end of the run, the spots first seen, and LCP by then. */
export interface PageRun {
  doneMs: number;
  spotsVisibleMs: number;
  lcpMs: number;
}

export async function pageRun(page: Page): Promise<PageRun> {
  await page.waitForFunction(() => (window as { benchDone?: number }).benchDone, undefined, {
    timeout: 120_000,
  });
  // A canvas hidden until idle is shown after the end; a mark that never comes is NaN.
  await page
    .waitForFunction(
      (mark) => performance.getEntriesByName(mark, 'mark').length,
      spotsVisibleMark,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  return page.evaluate(
    (mark) => ({
      doneMs: (window as { benchDone?: number }).benchDone ?? Number.NaN,
      spotsVisibleMs: performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? Number.NaN,
      lcpMs: (window as { benchLcp?: number }).benchLcp ?? Number.NaN,
    }),
    spotsVisibleMark,
  );
}

export type DeviceState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The user as they are on their own device: signed in there before (the session cookie and
 * what the app keeps in local storage), the browser's cache of downloaded files empty.
 */
export async function signedInStorage(
  browser: Browser,
  server: Pick<BenchServer, 'baseUrl'>,
  user: BenchUser,
  total: number,
): Promise<DeviceState> {
  const context = await browser.newContext({ viewport });
  try {
    await context.addCookies(cookiesFor(server.baseUrl, user.cookie));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page
      .getByText(`${total} spots on the map`)
      .waitFor({ state: 'attached', timeout: 120_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * The app's run: ms from navigation start to the map showing every spot, clusters drawn (the
 * end), and to the spots first seen; `recording` asks for a CPU profile or trace (map-lab.ts).
 */
export async function timeApp(
  browser: Browser,
  server: Pick<BenchServer, 'baseUrl'>,
  storage: DeviceState,
  total: number,
  recording: RunRecording = {},
): Promise<PageRun> {
  // A new context each time: cookies and local storage as given, nothing cached.
  const context = await browser.newContext({ viewport, storageState: storage });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: doneWhenDrawn(`${total} spots on the map`) });
    const stopRecording = await startRecording(browser, context, page, recording);
    await page.goto(`${server.baseUrl}/`);
    const run = await pageRun(page);
    await stopRecording();
    return run;
  } finally {
    await context.close();
  }
}

/** The bare page's run: to its first idle with the points drawn, and to the points first seen. */
export async function timeBare(browser: Browser, referenceUrl: string): Promise<PageRun> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: largestPaint });
    await page.goto(referenceUrl);
    return await pageRun(page);
  } finally {
    await context.close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export interface MapIdleResult {
  app: PageRun[];
  bare: PageRun[];
}

/**
 * `runs` timed runs of each after one untimed visit of each (the app's signs the user in on
 * the device), alternating so both see the same machine load.
 */
export async function measureMapIdle(
  server: BenchServer,
  user: BenchUser,
  total: number,
  runs: number,
): Promise<MapIdleResult> {
  const reference = await startBareMap(spotPositions(total));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    await timeBare(browser, reference.url);
    const storage = await signedInStorage(browser, server, user, total);
    const app: PageRun[] = [];
    const bare: PageRun[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(await timeBare(browser, reference.url));
      app.push(await timeApp(browser, server, storage, total));
    }
    return { app, bare };
  } finally {
    await browser.close();
    await reference.stop();
  }
}

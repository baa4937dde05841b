import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { e2e, type Tab } from './browser.ts';

/** The phone (touch) and desktop. */
export const phone390 = { width: 390, height: 844 } as const;
export const desktop1280 = { width: 1280, height: 800 } as const;

export interface Fix {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

export interface ForestTabOptions {
  /** Where the device is; location is allowed. Without one, the position is never asked for. */
  at?: Fix;
  /** Script text run before the app's, on every page of the context (a platform stand-in). */
  initScript?: string;
  baseURL?: string;
  extra?: BrowserContextOptions;
}

/** A fresh profile at a phone (touch) or desktop size, optionally with a position allowed. */
export async function forestTab(
  browser: Browser,
  viewport: { width: number; height: number },
  options: ForestTabOptions = {},
): Promise<Tab> {
  const touch = viewport.width < 500;
  const context = await browser.newContext({
    baseURL: options.baseURL ?? e2e.baseUrl,
    serviceWorkers: 'block',
    viewport,
    deviceScaleFactor: 1,
    isMobile: touch,
    hasTouch: touch,
    ...(options.at ? { geolocation: options.at, permissions: ['geolocation'] } : {}),
    ...options.extra,
  });
  if (options.initScript) await context.addInitScript({ content: options.initScript });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
}

const shotsDir = process.env.FJ_SHOTS_DIR ?? path.join(e2e.artifactsDir, 'shots');

/** A screenshot named phone-<name>-<w>x<h>.png, for the closing note. */
export async function phoneShot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({
    path: path.join(shotsDir, `phone-${name}-${size?.width ?? 0}x${size?.height ?? 0}.png`),
  });
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The test's own sums (not the app's): haversine metres on turf's earth radius. */
export function metresBetween(a: Fix, b: Fix): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** Initial bearing in degrees clockwise from north. */
export function bearingBetween(a: Fix, b: Fix): number {
  const φ1 = radians(a.latitude);
  const φ2 = radians(b.latitude);
  const Δλ = radians(b.longitude - a.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Sends one compass reading the way a phone does (absolute alpha, counter-clockwise). */
export async function turnDevice(page: Page, headingDegrees: number): Promise<void> {
  await page.evaluate((heading) => {
    const alpha = (360 - heading) % 360;
    window.dispatchEvent(
      new DeviceOrientationEvent('deviceorientation', { alpha, beta: 0, gamma: 0, absolute: true }),
    );
  }, headingDegrees);
}

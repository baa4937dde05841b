// Lighthouse 12, mobile profile (its default: a mid-range phone, slow 4G and a 4× slower CPU,
// simulated), with Debian's Chromium.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { spotsVisibleMark } from '../src/features/map/pixel-ratio.ts';

export interface LighthouseRun {
  /** 0–100. */
  performance: number;
  lcpMs: number;
  /**
   * As the trace saw them, unthrottled (Lighthouse simulates its throttled figures, LCP
   * among them, but not User Timings): LCP, and the page's `fj:spots-visible` mark.
   */
  observedLcpMs: number;
  spotsVisibleMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the wire, every request of the load. */
  transferred: number;
  /** Of those, scripts. */
  scriptBytes: number;
  requests: number;
  /** Lighthouse's own warnings (a page that never settled, a redirect…). */
  warnings: string[];
  /** The whole report, for a closer look (run.ts writes the median one to e2e-artifacts/). */
  report: string;
}

interface UserTiming {
  name?: string;
  startTime?: number;
}

interface NetworkItem {
  transferSize?: number;
  resourceType?: string;
}

/** One Lighthouse run of `url` in a Chromium of its own, optionally signed in by cookie. */
export async function runLighthouse(url: string, cookie?: string): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = <T>(id: string) => {
      const details = lhr.audits[id]?.details;
      return (details && 'items' in details ? details.items : []) as T[];
    };
    const observed = items<{ observedLargestContentfulPaint?: number }>('metrics')[0];
    const mark = items<UserTiming>('user-timings').find((one) => one.name === spotsVisibleMark);
    const requests = items<NetworkItem>('network-requests');
    const bytes = (list: NetworkItem[]) =>
      list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      observedLcpMs: observed?.observedLargestContentfulPaint ?? Number.NaN,
      spotsVisibleMs: mark?.startTime ?? Number.NaN,
      fcpMs: numeric('first-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      transferred: bytes(requests),
      scriptBytes: bytes(requests.filter((item) => item.resourceType === 'Script')),
      requests: requests.length,
      warnings: lhr.runWarnings,
      report: JSON.stringify(lhr),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP) and
 * says to run it again: so it is, up to twice.
 */
async function withRetries(run: () => Promise<LighthouseRun>): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`Lighthouse failed, running it again: ${String(error)}`);
    }
  }
}

/** `runs` runs; the one with the median performance score stands for the page. */
export async function medianLighthouse(
  url: string,
  runs: number,
  cookie?: string,
): Promise<{ median: LighthouseRun; scores: number[] }> {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) all.push(await withRetries(() => runLighthouse(url, cookie)));
  const sorted = [...all].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  return { median, scores: all.map((run) => run.performance) };
}

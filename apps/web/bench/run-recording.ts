// A CPU profile and a Chromium trace of one timed run, for finding where its time goes
// (map-lab.ts). Both are opened in Chromium's DevTools (Performance panel).
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface RunRecording {
  /** Where to write the page's V8 CPU profile (.cpuprofile), sampled every 200 µs. */
  cpuProfile?: string;
  /** Where to write the Chromium trace (.json): main thread tasks, network, GC, compositor. */
  trace?: string;
}

const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'toplevel',
];

/** Starts what `recording` asks for; the answer stops it and writes the files. */
export async function startRecording(
  browser: Browser,
  context: BrowserContext,
  page: Page,
  recording: RunRecording,
): Promise<() => Promise<void>> {
  const cdp = recording.cpuProfile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (recording.trace) await browser.startTracing(page, { categories: traceCategories });
  return async () => {
    if (recording.trace) writeFileSync(recording.trace, await browser.stopTracing());
    if (cdp && recording.cpuProfile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(recording.cpuProfile, JSON.stringify(profile));
    }
  };
}

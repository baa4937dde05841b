// A server that has been serving for a while: before Lighthouse measures `/`, another user with
// the same journal loads it once in a browser. The server's first answers to each route (the
// first list of spots serialised, the first static file read, the code paths not yet compiled
// by V8) were a cost of the bench's fresh server that no visitor of a running one pays; the
// measured user's own answers stay unread, as on their first visit.
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import type { BenchServer } from './app-server.ts';
import { signedInStorage } from './map-idle.ts';
import { seedSpots, signUpBenchUser, type SpotPosition } from './seed.ts';

export async function warmServer(
  server: Pick<BenchServer, 'baseUrl'>,
  positions: readonly SpotPosition[],
  entriesEach: number,
): Promise<void> {
  const other = await signUpBenchUser(server.baseUrl, 'warm-up');
  await seedSpots(server.baseUrl, other, positions, { entriesEach });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    await signedInStorage(browser, server, other, positions.length);
  } finally {
    await browser.close();
  }
}

// What a user sees while `/` loads (not part of `npm run bench`): screenshots every 200 ms from
// navigation, on a phone (375×812) and a laptop (1280×800), for a user with 200 spots and for a
// new user with none, each in a fresh browser context (nothing cached, signed in by cookie).
// Also prints which script asked for each request to /api/v1/preferences (to see duplicate reads).
//
//   node --import tsx bench/load-frames.ts <outDir> [dist]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { startBenchServer } from './app-server.ts';
import { cookiesFor } from './map-idle.ts';
import { seedSpots, signUpBenchUser, spotPositions } from './seed.ts';

const sizes = { phone: { width: 375, height: 812 }, laptop: { width: 1280, height: 800 } };
const frames = 20;

const [outDir = '', dist] = process.argv.slice(2);
if (!outDir) throw new Error('usage: load-frames.ts <outDir> [dist]');
mkdirSync(outDir, { recursive: true });
const server = await startBenchServer('load-frames', dist ? path.resolve(dist) : undefined);
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
try {
  const seeded = await signUpBenchUser(server.baseUrl, 'frames');
  await seedSpots(server.baseUrl, seeded, spotPositions(200), { entriesEach: 2 });
  const users = { spots200: seeded, empty: await signUpBenchUser(server.baseUrl, 'empty') };
  for (const [userName, user] of Object.entries(users))
    for (const [sizeName, viewport] of Object.entries(sizes)) {
      const context = await browser.newContext({ viewport });
      await context.addCookies(cookiesFor(server.baseUrl, user.cookie));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Debugger.enable');
      await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
      cdp.on('Network.requestWillBeSent', (event) => {
        if (!event.request.url.includes('/preferences')) return;
        const callFrames: { functionName: string; url: string; lineNumber: number }[] = [];
        for (let stack = event.initiator.stack; stack; stack = stack.parent)
          callFrames.push(...stack.callFrames);
        const where = callFrames
          .slice(0, 12)
          .map((f) => `${f.functionName || '?'}@${f.url.split('/').pop()}:${f.lineNumber}`);
        console.log(
          `${userName} ${sizeName} ${event.requestId} ${event.initiator.type} ${JSON.stringify(event.request.headers).slice(0, 80)} ${event.request.method} preferences from ${where.join(' < ')}`,
        );
      });
      const start = Date.now();
      const loading = page.goto(`${server.baseUrl}/`);
      for (let i = 0; i < frames; i++) {
        const due = start + i * 200;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        const at = Date.now() - start;
        await page
          .screenshot({
            path: path.join(outDir, `${userName}-${sizeName}-${String(at).padStart(5, '0')}.png`),
          })
          .catch(() => undefined);
      }
      await loading;
      await context.close();
    }
} finally {
  await browser.close();
  await server.stop();
}

// `npm run bench -w apps/web`: the web app's figures, each against its target and
// beside a reference measured in the same run. `npm run bench -w apps/web -- map` runs only
// the sections named (see `sections` below). README.md says what each measures.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { report, type Figure } from '../../server/bench/measure.ts';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { webDir } from '../e2e/support/server.ts';
import { gzipBytes, recordScripts } from '../e2e/support/scripts.ts';
import { ensureBuilds, startBenchServer, type BenchServer } from './app-server.ts';
import { startBareMap } from './bare-map-server.ts';
import { medianLighthouse, type LighthouseRun } from './lighthouse.ts';
import { warmServer } from './warm-server.ts';
import { measureMapIdle, median, type PageRun } from './map-idle.ts';
import { lifetimeFigures } from './lifetime-figures.ts';
import { measureOfflineStart } from './offline-start.ts';
import { measureSavedArea } from './saved-area.ts';
import { measureSeasonsPage } from './seasons-page.ts';
import { seedSpots, signUpBenchUser, spotPositions } from './seed.ts';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** What /login downloads in Chromium: its scripts, summed as gzip (the budget) and as sent. */
async function firstLoadFigures(server: BenchServer): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    const page = await browser.newPage();
    const recorder = recordScripts(page);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await recorder.settled();
    const sent = scripts.reduce((sum, script) => sum + script.sentBytes, 0);
    const distDir = path.join(webDir, 'dist');
    const gzip = scripts.reduce((sum, script) => sum + gzipBytes(distDir, script), 0);
    const raw = scripts.reduce((sum, script) => sum + script.bytes, 0);
    return [
      {
        name: '/login JavaScript, gzip',
        value: gzip / 1000,
        unit: 'kB',
        target: 120,
        reference: `${scripts.length} scripts, ${kB(raw)} uncompressed, ${kB(sent)} sent as brotli`,
      },
    ];
  } finally {
    await browser.close();
  }
}

const lighthouseRuns = 3;

const artifactsDir = path.join(webDir, 'e2e-artifacts', 'bench');

function lighthouseFigure(
  page: string,
  target: number,
  { median: run, scores }: { median: LighthouseRun; scores: number[] },
  reference?: { median: LighthouseRun; scores: number[] },
): Figure {
  mkdirSync(artifactsDir, { recursive: true });
  const slug = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'page';
  writeFileSync(path.join(artifactsDir, `lighthouse-${slug}.json`), run.report);
  const warned = run.warnings.length ? `; warnings: ${run.warnings.join(' | ')}` : '';
  // Lighthouse simulates its throttled figures, but not User Timings: both as the trace saw them.
  const seen = ({ spotsVisibleMs, observedLcpMs }: LighthouseRun) =>
    `spots visible ${(spotsVisibleMs / 1000).toFixed(2)} s beside observed LCP ${(observedLcpMs / 1000).toFixed(2)} s`;
  const bare = reference
    ? `; ${seen(run)}; bare MapLibre with the same spots ${reference.median.performance} (runs ${reference.scores.join('/')}, TBT ${Math.round(reference.median.tbtMs)} ms, ${seen(reference.median)})`
    : '';
  return {
    name: `Lighthouse performance, ${page}`,
    value: run.performance,
    unit: 'score',
    target,
    atLeast: true,
    reference: `runs ${scores.join('/')}; FCP ${(run.fcpMs / 1000).toFixed(1)} s, LCP ${(run.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}; ${run.requests} requests, ${kB(run.transferred)} transferred, ${kB(run.scriptBytes)} of it scripts${bare}${warned}`,
  };
}

const homeSpots = 200;

/**
 * Lighthouse 12, mobile: /login for a visitor, / for a user with 200 spots (2 entries each),
 * and, as the reference for /, MapLibre alone drawing the same 200 points.
 */
async function lighthouseFigures(server: BenchServer): Promise<Figure[]> {
  const login = await medianLighthouse(`${server.baseUrl}/login`, lighthouseRuns);
  const user = await signUpBenchUser(server.baseUrl, 'lighthouse');
  const positions = spotPositions(homeSpots);
  await seedSpots(server.baseUrl, user, positions, { entriesEach: 2 });
  await warmServer(server, positions, 2);
  const home = await medianLighthouse(`${server.baseUrl}/`, lighthouseRuns, user.cookie);
  const bareMap = await startBareMap(positions);
  try {
    const bare = await medianLighthouse(bareMap.url, lighthouseRuns);
    return [
      lighthouseFigure('/login (mobile)', 95, login),
      lighthouseFigure(`/, ${homeSpots} spots (mobile)`, 90, home, bare),
    ];
  } finally {
    await bareMap.stop();
  }
}

const mapSpots = 10_000;
const mapRuns = 5;

/** The home map with 10,000 spots against MapLibre alone drawing the same points. */
async function mapFigures(server: BenchServer): Promise<Figure[]> {
  const user = await signUpBenchUser(server.baseUrl, 'map');
  const positions = spotPositions(mapSpots);
  // Every tenth spot has an entry: the journal's answer carries them, the map needs none.
  const withEntry = positions.filter((_, i) => i % 10 === 0);
  const rest = positions.filter((_, i) => i % 10 !== 0);
  await seedSpots(server.baseUrl, user, withEntry, { entriesEach: 1 });
  await seedSpots(server.baseUrl, user, rest);
  const { app, bare } = await measureMapIdle(server, user, mapSpots, mapRuns);
  const of = (runs: PageRun[], key: keyof PageRun) => runs.map((run) => run[key]);
  const runsOf = (values: number[]) => values.map(Math.round).join('/');
  const beside = (key: keyof PageRun, what: string) => {
    const [own, ref] = [median(of(app, key)), median(of(bare, key))];
    return `${what} ${Math.round(ref)} ms: ratio ${(own / ref).toFixed(2)}; medians of ${mapRuns}, app ${runsOf(of(app, key))}, bare ${runsOf(of(bare, key))}`;
  };
  return [
    {
      name: 'map idle with clusters, 10,000 spots',
      value: median(of(app, 'doneMs')),
      unit: 'ms',
      target: 1500,
      reference: beside('doneMs', 'bare MapLibre'),
    },
    {
      name: 'spots visible on the map (fj:spots-visible), 10,000 spots',
      value: median(of(app, 'spotsVisibleMs')),
      unit: 'ms',
      target: 1500,
      reference: `${beside('spotsVisibleMs', 'bare MapLibre first drawing them')}; LCP ${Math.round(median(of(app, 'lcpMs')))} ms, bare ${Math.round(median(of(bare, 'lcpMs')))} ms`,
    },
  ];
}

const offlineSpots = 2000;
const offlineEntriesEach = 10;

/** A cold start offline from the local copy (2,000 spots, 20,000 entries) to the map. */
async function offlineFigures(server: BenchServer): Promise<Figure[]> {
  const user = await signUpBenchUser(server.baseUrl, 'offline');
  const result = await measureOfflineStart(server, user, offlineSpots, offlineEntriesEach, mapRuns);
  return [
    {
      name: 'cold start offline to the map, 2,000 spots + 20,000 entries in the local copy',
      value: result.appMs,
      unit: 'ms',
      target: 1500,
      reference: `bare MapLibre with the same points ${Math.round(result.bareMs)} ms: ratio ${(result.appMs / result.bareMs).toFixed(2)}; medians of ${mapRuns}, app ${result.appRuns.map(Math.round).join('/')}, bare ${result.bareRuns.map(Math.round).join('/')}`,
    },
  ];
}

/** The Seasons page's computation on the device: 2,000 spots, 20,000 entries, 40,000 finds. */
async function seasonsFigures(server: BenchServer): Promise<Figure[]> {
  const user = await signUpBenchUser(server.baseUrl, 'seasons');
  const result = await measureSeasonsPage(server, user, offlineSpots, offlineEntriesEach, mapRuns);
  return [
    {
      name: 'Seasons page computed on the device, 20,000 entries (offline)',
      value: result.pageMs,
      unit: 'ms',
      target: 200,
      reference: `a plain loop counting finds per species and month ${result.loopMs.toFixed(1)} ms: ratio ${(result.pageMs / result.loopMs).toFixed(1)}; medians of ${mapRuns}, page ${result.pageRuns.map((ms) => ms.toFixed(1)).join('/')}`,
    },
  ];
}

/**
 * A saved map area at zooms 10–16 around one spot, on a server of its own whose tile
 * file holds those tiles (the shared server has no tile file: its other sections need none).
 */
async function savedAreaFigures(): Promise<Figure[]> {
  const result = await measureSavedArea(mapRuns);
  return [
    {
      name: `saved area, zooms 10–16 around one spot: ${result.tiles} tiles, ${kB(result.bytes)}`,
      value: result.appMs,
      unit: 'ms',
      target: 5000,
      reference: `the same tiles fetched by Node 6 at a time ${Math.round(result.nodeMs)} ms: ratio ${(result.appMs / result.nodeMs).toFixed(2)}; medians of ${mapRuns}, app ${result.appRuns.map(Math.round).join('/')}, node ${result.nodeRuns.map(Math.round).join('/')}`,
    },
  ];
}

const sections: Record<string, (server: BenchServer) => Promise<Figure[]>> = {
  'first-load': firstLoadFigures,
  lighthouse: lighthouseFigures,
  map: mapFigures,
  offline: offlineFigures,
  'saved-area': savedAreaFigures,
  seasons: seasonsFigures,
  lifetime: lifetimeFigures,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in sections));
if (unknown.length)
  throw new Error(
    `unknown web bench sections ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`,
  );
ensureBuilds();
const server = await startBenchServer('web');
let met = true;
try {
  // Each section's figures as soon as it is done: a later section failing loses none of them.
  for (const [name, run] of Object.entries(sections))
    if (!chosen.length || chosen.includes(name)) met = report(await run(server)) && met;
} finally {
  await server.stop();
}
console.log(met ? 'all targets met' : 'some targets missed');
process.exitCode = met ? 0 : 1;

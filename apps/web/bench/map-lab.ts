// Finding where the `map` figure's time goes (README.md, "Last figures"); not part of `npm run
// bench`. One seeded server's data is kept and copied for each use, so the 10,000 spots are made
// once; web builds to compare are made with `npx vite build --outDir <dir>` (add
// `--minify false` for readable names in a profile).
//
//   node --import tsx bench/map-lab.ts seed                        the bench's 10,000 spots
//   node --import tsx bench/map-lab.ts ab <distA> <distB> [runs]   two builds and bare MapLibre,
//                                                                  alternating, medians
//   node --import tsx bench/map-lab.ts record <dist> <outPrefix>   one run's CPU profile and trace
//
// The data is kept in $MAP_LAB_DIR (default: fj-map-lab in the temp folder).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/context.ts';
import { freePort, startServer, type StartedServer } from '../e2e/support/server.ts';
import { startBareMap } from './bare-map-server.ts';
import { median, signedInStorage, timeApp, timeBare, type PageRun } from './map-idle.ts';
import { seedSpots, signUpBenchUser, spotPositions, type BenchUser } from './seed.ts';

const labDir = process.env.MAP_LAB_DIR ?? path.join(tmpdir(), 'fj-map-lab');
const dataDir = path.join(labDir, 'data');
const userFile = path.join(labDir, 'user.json');
const total = 10_000;
/** The bench's blank streets style (app-server.ts). */
const blankStyle = JSON.stringify({
  version: 8,
  sources: {},
  layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#e8eadf' } }],
});

/** A server on a copy of the lab's data (if seeded), serving a copy of the build `dist`. */
async function serve(dist: string, label: string): Promise<StartedServer & { data: string }> {
  const work = mkdtempSync(path.join(labDir, `${label}-`));
  const web = path.join(work, 'web');
  cpSync(dist, web, { recursive: true });
  writeFileSync(path.join(web, 'bench-style.json'), blankStyle);
  const data = path.join(work, 'data');
  if (existsSync(dataDir)) cpSync(dataDir, data, { recursive: true });
  const port = await freePort();
  const server = await startServer({
    port,
    dataDir: data,
    webDistDir: web,
    logFile: path.join(work, 'server.log'),
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      MAP_STYLE_URL: `http://127.0.0.1:${port}/bench-style.json`,
    },
  });
  return { ...server, data };
}

async function seed(): Promise<void> {
  const server = await serve(path.resolve('dist'), 'seed');
  const user = await signUpBenchUser(server.baseUrl, 'map');
  const positions = spotPositions(total);
  // As the bench's `map` section: every tenth spot has an entry.
  await seedSpots(
    server.baseUrl,
    user,
    positions.filter((_, i) => i % 10 === 0),
    {
      entriesEach: 1,
    },
  );
  await seedSpots(
    server.baseUrl,
    user,
    positions.filter((_, i) => i % 10 !== 0),
  );
  await server.stop();
  cpSync(server.data, dataDir, { recursive: true });
  writeFileSync(userFile, JSON.stringify(user));
  console.log(`seeded ${total} spots into ${dataDir}`);
}

const rounded = (values: number[]) => values.map(Math.round).join('/');

async function ab(browser: Browser, user: BenchUser, dists: string[], runs: number) {
  const reference = await startBareMap(spotPositions(total));
  const servers = await Promise.all(dists.map((dist, i) => serve(dist, `ab${i}`)));
  try {
    const builds = [];
    for (const server of servers)
      builds.push({ server, state: await signedInStorage(browser, server, user, total) });
    await timeBare(browser, reference.url);
    const times = builds.map(() => [] as PageRun[]);
    const bare: PageRun[] = [];
    const loads: number[] = [];
    for (let run = 0; run < runs; run++) {
      bare.push(await timeBare(browser, reference.url));
      // Each build goes first every other run.
      const order = run % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
      for (const i of order) {
        const build = builds[i];
        if (build) times[i]?.push(await timeApp(browser, build.server, build.state, total));
      }
      loads.push(loadavg()[0] ?? 0);
    }
    console.log(
      `${new Date().toISOString()}, load average ${loads.map((l) => l.toFixed(1)).join('/')}`,
    );
    const line = (label: string, own: PageRun[]) => {
      const figure = (key: keyof PageRun) => {
        const values = own.map((one) => one[key]);
        return `median ${Math.round(median(values))} ms (${rounded(values)})`;
      };
      console.log(
        `${label}: idle ${figure('doneMs')}; spots visible ${figure('spotsVisibleMs')}; LCP ${figure('lcpMs')}`,
      );
    };
    dists.forEach((dist, i) => line(dist, times[i] ?? []));
    line('bare MapLibre', bare);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await reference.stop();
  }
}

async function record(browser: Browser, user: BenchUser, dist: string, prefix: string) {
  const server = await serve(dist, 'record');
  try {
    const state = await signedInStorage(browser, server, user, total);
    await timeApp(browser, server, state, total);
    const { doneMs: ms } = await timeApp(browser, server, state, total, {
      cpuProfile: `${prefix}.cpuprofile`,
      trace: `${prefix}.trace.json`,
    });
    console.log(
      `recorded a run of ${Math.round(ms)} ms: ${prefix}.cpuprofile, ${prefix}.trace.json`,
    );
  } finally {
    await server.stop();
  }
}

const [mode = '', first = '', second = '', runs = '5'] = process.argv.slice(2);
mkdirSync(labDir, { recursive: true });
if (mode === 'seed') await seed();
else if ((mode === 'ab' || mode === 'record') && first && second) {
  if (!existsSync(userFile)) throw new Error('No lab data yet: run `map-lab.ts seed` first');
  const user = JSON.parse(readFileSync(userFile, 'utf8')) as BenchUser;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    if (mode === 'ab')
      await ab(browser, user, [path.resolve(first), path.resolve(second)], Number(runs));
    else await record(browser, user, path.resolve(first), second);
  } finally {
    await browser.close();
  }
} else
  throw new Error('usage: map-lab.ts seed | ab <distA> <distB> [runs] | record <dist> <outPrefix>');

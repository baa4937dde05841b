// Finding where Lighthouse's total blocking time on `/` goes (README.md, "Last figures"); not
// part of `npm run bench`. Two web builds (`npx vite build --outDir <dir>`), each on a server of
// its own with the bench's user of 200 spots (2 entries each), Lighthouse on `/` alternating
// between them; each run's score, TBT and long tasks are printed and its report kept.
//
//   node --import tsx bench/lighthouse-lab.ts ab <distA> <distB> [runs] [reportDir]
//
// Each server is warmed first (warm-server.ts) unless LH_LAB_COLD=1.
// Reports go to reportDir (default: e2e-artifacts/lighthouse-lab), one JSON per run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { webDir } from '../e2e/support/server.ts';
import { startBenchServer, type BenchServer } from './app-server.ts';
import { runLighthouse, type LighthouseRun } from './lighthouse.ts';
import { seedSpots, signUpBenchUser, spotPositions } from './seed.ts';
import { warmServer } from './warm-server.ts';

interface Audit {
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

/** The long tasks Lighthouse saw (its own list: start and duration, simulated, and the script). */
function longTasks(report: string): string {
  const lhr = JSON.parse(report) as { audits: Record<string, Audit | undefined> };
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  const file = (url: unknown) => String(url).split('/').pop()?.slice(0, 28) ?? '';
  return items
    .map(
      (item) =>
        `${Math.round(Number(item.duration))}@${Math.round(Number(item.startTime))} ${file(item.url)}`,
    )
    .join(', ');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function homeServer(dist: string, label: string): Promise<BenchServer & { cookie: string }> {
  const server = await startBenchServer(label, dist);
  if (process.env.LH_LAB_COLD !== '1') await warmServer(server, spotPositions(200), 2);
  const user = await signUpBenchUser(server.baseUrl, 'lighthouse');
  await seedSpots(server.baseUrl, user, spotPositions(200), { entriesEach: 2 });
  return { ...server, cookie: user.cookie };
}

async function ab(dists: string[], runs: number, reportDir: string) {
  mkdirSync(reportDir, { recursive: true });
  const servers = [];
  for (const [i, dist] of dists.entries()) servers.push(await homeServer(dist, `lh-lab${i}`));
  const results = dists.map(() => [] as LighthouseRun[]);
  try {
    for (let run = 0; run < runs; run++) {
      // Each build goes first every other run.
      const order = run % 2 ? [...servers.keys()].reverse() : [...servers.keys()];
      for (const i of order) {
        const server = servers[i];
        if (!server) continue;
        const result = await runLighthouse(`${server.baseUrl}/`, server.cookie);
        results[i]?.push(result);
        writeFileSync(path.join(reportDir, `build${i}-run${run}.json`), result.report);
        console.log(
          `build ${i} run ${run}: ${result.performance} TBT ${Math.round(result.tbtMs)} ms, FCP ${Math.round(result.fcpMs)}, LCP ${Math.round(result.lcpMs)}; observed LCP ${Math.round(result.observedLcpMs)}, spots visible ${Math.round(result.spotsVisibleMs)}; load ${loadavg()[0]?.toFixed(1)}; long tasks ${longTasks(result.report)}`,
        );
      }
    }
    dists.forEach((dist, i) => {
      const own = results[i] ?? [];
      console.log(
        `${dist}: score median ${median(own.map((r) => r.performance))} (${own.map((r) => r.performance).join('/')}), TBT median ${Math.round(median(own.map((r) => r.tbtMs)))} ms (${own.map((r) => Math.round(r.tbtMs)).join('/')}); observed: LCP median ${Math.round(median(own.map((r) => r.observedLcpMs)))} ms, spots visible median ${Math.round(median(own.map((r) => r.spotsVisibleMs)))} ms (${own.map((r) => Math.round(r.spotsVisibleMs)).join('/')})`,
      );
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const [mode = '', first = '', second = '', runs = '3', reportDir = ''] = process.argv.slice(2);
if (mode === 'ab' && first && second)
  await ab(
    [path.resolve(first), path.resolve(second)],
    Number(runs),
    reportDir ? path.resolve(reportDir) : path.join(webDir, 'e2e-artifacts', 'lighthouse-lab'),
  );
else throw new Error('usage: lighthouse-lab.ts ab <distA> <distB> [runs] [reportDir]');

// The server's own CPU time per request (user + system, from /proc/<pid>/stat) for the small
// reads the bench holds to targets: GET /locations' 304, GET /preferences' 200 and its 304. Throughput ratios
// follow the load of the machine; CPU per request moves much less, so this is how two builds
// are compared in the same minutes. Each build named runs at once, and the builds (and a bare
// node:http server replaying each answer's recorded bytes) are measured in turns, round after
// round; the medians are printed.
//
//   node --import tsx apps/server/bench/cpu-per-request.ts [entry …]   (Linux only)
//
// With no entry it measures the build `npm start` runs (apps/server/dist/main.js). A build named
// several times runs as several processes, each measured and printed on its own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { recordAnswer, signUp } from './http.ts';
import { startUntilHealthy, type Started } from './processes.ts';

const requestsPerRun = Number(process.env.CPU_REQUESTS ?? 20_000);
const rounds = Number(process.env.CPU_ROUNDS ?? 3);
const ticksPerSecond = 100; // CLK_TCK on Linux

/** user + system CPU of a process so far, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After "pid (comm) ": state is field 0, utime 11, stime 12.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}

async function cpuPerRequest(
  target: Started,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  const expected = headers['if-none-match'] ? '3xx' : '2xx';
  const pid = target.child.pid;
  if (pid === undefined) throw new Error('no pid');
  const before = cpuMicros(pid);
  const result = await autocannon({ url, headers, amount: requestsPerRun, connections: 10 });
  const answered = result[expected];
  if (answered !== requestsPerRun)
    throw new Error(`${url}: ${JSON.stringify(result.statusCodeStats)}, not ${expected}`);
  return (cpuMicros(pid) - before) / requestsPerRun;
}

interface Kind {
  name: string;
  path: string;
  headers: Record<string, string>;
}

/** `apps/server/dist/main.js`, or `LOG_LEVEL=warn,…:apps/server/dist/main.js` with settings. */
async function prepare(entry: string, workDir: string) {
  const colon = entry.lastIndexOf(':');
  const settings = colon === -1 ? [] : entry.slice(0, colon).split(',');
  const server = await startUntilHealthy([entry.slice(colon + 1)], {
    ...Object.fromEntries(settings.map((setting) => setting.split('=', 2))),
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(workDir, 'data-')),
    RATE_LIMIT_MAX: '1000000000',
  });
  const auth = { authorization: `Bearer ${(await signUp(server.baseUrl)).idToken}` };
  const list = `${server.baseUrl}/api/v1/locations`;
  const created = await fetch(list, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Spot', position: { lat: 55, lng: 12 } }),
  });
  if (!created.ok) throw new Error(`POST /locations: ${created.status}`);
  // The preferences first: the first read of them makes the record, which bumps the revision.
  const preferencesTag =
    (await fetch(`${server.baseUrl}/api/v1/preferences`, { headers: auth })).headers.get('etag') ??
    '';
  const listTag = (await fetch(list, { headers: auth })).headers.get('etag') ?? '';
  const all: Kind[] = [
    {
      name: 'locations 304',
      path: '/api/v1/locations',
      headers: { ...auth, 'if-none-match': listTag },
    },
    { name: 'preferences 200', path: '/api/v1/preferences', headers: auth },
    {
      name: 'preferences 304',
      path: '/api/v1/preferences',
      headers: { ...auth, 'if-none-match': preferencesTag },
    },
  ];
  // CPU_KINDS="preferences 304,locations 304": only these, in this order.
  const chosen = process.env.CPU_KINDS?.split(',');
  const kinds = chosen
    ? chosen.map((name) => {
        const kind = all.find((known) => known.name === name);
        if (!kind) throw new Error(`CPU_KINDS: no kind "${name}"`);
        return kind;
      })
    : all;
  return { entry, server, kinds };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const entries = process.argv.slice(2);
if (entries.length === 0) entries.push('apps/server/dist/main.js');
const workDir = mkdtempSync(path.join(tmpdir(), 'fj-cpu-'));
const apps = [];
for (const entry of entries) apps.push(await prepare(entry, workDir));
// A build named more than once runs as that many processes, each printed on its own: one process
// of a build can differ from another for its whole life (a V8 cache gone megamorphic, say).
const labels = apps.map((app, index) =>
  entries.indexOf(app.entry) === entries.lastIndexOf(app.entry)
    ? app.entry
    : `${app.entry} #${entries.slice(0, index + 1).filter((entry) => entry === app.entry).length}`,
);
// One bare server per kind, replaying the first build's recorded answer byte for byte.
const bares: Started[] = [];
const first = apps[0];
if (!first) throw new Error('no build');
for (const [index, kind] of first.kinds.entries()) {
  const answer = await recordAnswer(`${first.server.baseUrl}${kind.path}`, {
    headers: kind.headers,
  });
  const file = path.join(workDir, `answer-${index}.json`);
  writeFileSync(file, JSON.stringify(answer));
  bares.push(await startUntilHealthy(['apps/server/bench/bare-server.mjs', file]));
}
const samples = new Map<string, number[]>();
const add = (key: string, value: number) => samples.set(key, [...(samples.get(key) ?? []), value]);
try {
  // Warm-up: JIT and caches (the token is remembered after its first use).
  for (const app of apps)
    for (const kind of app.kinds)
      await cpuPerRequest(app.server, `${app.server.baseUrl}${kind.path}`, kind.headers);
  for (let round = 0; round < rounds; round++) {
    for (const [index, kind] of first.kinds.entries()) {
      for (const [appIndex, app] of apps.entries()) {
        const own = app.kinds[index] ?? kind;
        add(
          `${kind.name}  ${labels[appIndex]}`,
          await cpuPerRequest(app.server, `${app.server.baseUrl}${own.path}`, own.headers),
        );
      }
      const bare = bares[index];
      if (bare)
        add(
          `${kind.name}  bare`,
          await cpuPerRequest(bare, `${bare.baseUrl}${kind.path}`, kind.headers),
        );
    }
  }
  console.log(`CPU µs per request, median of ${rounds} runs of ${requestsPerRun} (10 connections)`);
  for (const [key, values] of samples)
    console.log(
      `${key.padEnd(60)} ${median(values).toFixed(1).padStart(7)}   (${values.map((v) => v.toFixed(1)).join(', ')})`,
    );
} finally {
  for (const started of [...apps.map((app) => app.server), ...bares]) await started.stop();
  rmSync(workDir, { recursive: true, force: true });
}

// The server's own CPU time per create (utime + stime from /proc/<pid>/stat over N requests),
// for two builds alternating in the same minutes: a figure that the machine's other load moves
// far less than requests per second (bench/README.md, "writes").
// Usage (repository root): node --import tsx apps/server/bench/write-cpu.ts \
//   apps/server/dist/before/main.js apps/server/dist/main.js [rounds]
// With TEST_DATABASE_URL set it measures PostgreSQL too. WRITE_CPU_REQUESTS (6,000) creates
// each; WRITE_CPU_ONLY=locations skips entries; WRITE_CPU_NODE_ARGS="--cpu-prof
// --cpu-prof-dir=…" runs the servers under those node flags (and stops them gently, so that
// they write their profiles).
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseKinds, type DatabaseKind } from '../test/helpers/databases.ts';
import { signUp } from './http.ts';
import { startUntilHealthy } from './processes.ts';

const users = 20;
const requests = Number(process.env.WRITE_CPU_REQUESTS ?? 6000);
const spotsPerUser = 10;
const ticksPerSecond = 100;

const locationBody = JSON.stringify({
  name: 'Chanterelle slope',
  position: { lat: 56.1, lng: 12.3 },
  categories: ['mushrooms'],
  species: ['chanterelle'],
});
const entryBody = JSON.stringify({ date: '2026-09-12', species: ['chanterelle'], abundance: 3 });

function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}

/** CPU µs per create, and the load's p99 and rate as autocannon saw them. */
interface Measured {
  locations: number;
  locationLoad: string;
  entries?: number;
  entryLoad?: string;
}

async function measure(entry: string, kind: DatabaseKind): Promise<Measured> {
  const database = await kind.create();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-write-cpu-'));
  const server = await startUntilHealthy(
    [...(process.env.WRITE_CPU_NODE_ARGS?.split(' ') ?? []), entry],
    {
      NODE_ENV: 'production',
      DATA_DIR: path.join(workDir, 'data'),
      RATE_LIMIT_MAX: '1000000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
  );
  try {
    const pid = server.child.pid ?? 0;
    const accounts: { idToken: string }[] = [];
    for (let i = 0; i < users; i++) accounts.push(await signUp(server.baseUrl));
    const headersOf = (i: number) => ({
      authorization: `Bearer ${accounts[i % users]?.idToken ?? ''}`,
      'content-type': 'application/json',
    });
    /** Each user's entries go round its spots, as in writes.ts, so no location grows far. */
    const spots: string[][] = accounts.map(() => []);
    for (let n = 0; n < users * spotsPerUser; n++) {
      const i = n % users;
      const answer = await fetch(`${server.baseUrl}/api/v1/locations`, {
        method: 'POST',
        headers: headersOf(i),
        body: locationBody,
      });
      spots[i]?.push(((await answer.json()) as { id: string }).id);
    }
    const run = async (name: string, pathsOf: (i: number) => string[], body: string) => {
      let next = 0;
      const load = (amount: number) =>
        autocannon({
          url: server.baseUrl,
          connections: users,
          amount,
          setupClient: (client) => {
            const i = next++ % users;
            client.setRequests(
              pathsOf(i).map((path) => ({ method: 'POST', path, headers: headersOf(i), body })),
            );
          },
        });
      await load(1000);
      const before = cpuMicros(pid);
      const result = await load(requests);
      if (result.non2xx || result.errors) throw new Error(`${name}: failed answers`);
      return [
        (cpuMicros(pid) - before) / requests,
        `${result.latency.p99} ms, ${(requests / result.duration).toFixed(0)}/s`,
      ] as const;
    };
    const [locations, locationLoad] = await run(
      'locations',
      () => ['/api/v1/locations'],
      locationBody,
    );
    if (process.env.WRITE_CPU_ONLY === 'locations') return { locations, locationLoad };
    const [entries, entryLoad] = await run(
      'entries',
      (i) => (spots[i] ?? []).map((id) => `/api/v1/locations/${id}/entries`),
      entryBody,
    );
    return { locations, locationLoad, entries, entryLoad };
  } finally {
    if (process.env.WRITE_CPU_NODE_ARGS) {
      // A profile is written only by a process that exits by itself.
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    await server.stop();
    await database.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const [before = '', after = '', rounds = '2'] = process.argv.slice(2);
for (let round = 0; round < Number(rounds); round++)
  for (const kind of databaseKinds)
    for (const [label, entry] of [
      ['before', before],
      ['after', after],
    ] as const) {
      const figures = await measure(entry, kind);
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      console.log(
        `${new Date().toISOString().slice(11, 19)} ${kind.name.padEnd(8)} ${label.padEnd(6)} ` +
          `locations ${figures.locations.toFixed(0)} µs (p99 ${figures.locationLoad})  ` +
          `entries ${figures.entries?.toFixed(0)} µs (p99 ${figures.entryLoad})  (load ${load})`,
      );
    }

// Scratch (not committed): server CPU time per request, which the machine's load does not move.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signUp } from './http.ts';
import { startUntilHealthy } from './processes.ts';

const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

async function run(entry: string, label: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fj-cpu-'));
  const server = await startUntilHealthy(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/perf12prof', entry] : [entry], {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '1000000000',
    WEB_DIST_DIR: path.resolve('../web/dist'),
  });
  try {
    const { idToken } = await signUp(server.baseUrl);
    const auth = { authorization: `Bearer ${idToken}` };
    await fetch(`${server.baseUrl}/api/v1/preferences`, { headers: auth });
    await fetch(`${server.baseUrl}/api/v1/locations`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', position: { lat: 1, lng: 1 } }),
    });
    const etag = (await fetch(`${server.baseUrl}/api/v1/locations`, { headers: auth })).headers.get('etag')!;
    await fetch(`${server.baseUrl}/api/v1/preferences`, { headers: auth });
    for (const [name, url, headers] of [
      ['preferences 200', '/api/v1/preferences', auth],
      ['locations 304', '/api/v1/locations', { ...auth, 'if-none-match': etag }],
    ] as const) {
      const amount = 20000;
      await autocannon({ url: server.baseUrl + url, headers, connections: 10, amount: 2000 });
      const before = cpuMs(server.child.pid!);
      const result = await autocannon({ url: server.baseUrl + url, headers, connections: 10, amount });
      const used = cpuMs(server.child.pid!) - before;
      if ((result['3xx'] ?? 0) + result['2xx'] < amount) console.log('FAILED');
      console.log(`${label} ${name}: ${((used * 1000) / amount).toFixed(1)} µs CPU/request (${result.requests.average} req/s, ${result['2xx']}+${result['3xx'] ?? 0} ok, non2xx ${result.non2xx})`);
    }
  } finally {
    if (process.env.PROF) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    await server.stop();
  }
}

if (process.env.PROF) await run('apps/server/dist/main.js', 'after ');
else
  for (let i = 0; i < 2; i++) {
    await run('apps/server/dist/before/main.js', 'before');
    await run('apps/server/dist/main.js', 'after ');
  }

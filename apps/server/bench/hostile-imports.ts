// Hostile and large import files against a real server (its build, production mode, as
// `npm start` runs it), one fresh server per file: the answer's status, the time to it, the
// server's peak RSS growth while it worked, and the longest wait of a GET /api/config poll sent
// beside it every 10 ms (an event-loop block). Run by hand (not part of `npm run bench`):
//   node --import tsx bench/hostile-imports.ts [name…]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { zipOf } from '../test/helpers/zip-files.ts';
import { signUp } from './http.ts';
import { memoryOf } from './photo-memory.ts';
import { repoRoot, serverCommand, startUntilHealthy } from './processes.ts';

const mb = 1024 * 1024;

/** `count` copies of `make(i)`, joined, as one buffer. */
const repeat = (count: number, make: (i: number) => string) =>
  Buffer.from(Array.from({ length: count }, (_, i) => make(i)).join(''));

function gpx4Mb(): Buffer {
  const pad = 'x'.repeat(300);
  const waypoints = repeat(
    10_000,
    (i) =>
      `<wpt lat="${(50 + i / 1e4).toFixed(5)}" lon="10"><name>Spot ${i}</name><desc>${pad}</desc></wpt>\n`,
  );
  return Buffer.concat([
    Buffer.from(
      '<?xml version="1.0"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">\n',
    ),
    waypoints,
    Buffer.from('</gpx>\n'),
  ]);
}

const csvHeader = 'location_name,latitude,longitude,entry_date,notes\n';

/** Distinct spots past the 10,000 cap: refused, the question is how soon. */
function csv20MbManySpots(): Buffer {
  const pad = 'n'.repeat(150);
  const rows = Math.floor((20 * mb - 1000) / 190);
  return Buffer.concat([
    Buffer.from(csvHeader),
    repeat(rows, (i) => `Spot ${i},${(50 + i / 1e6).toFixed(6)},10,2025-01-01,${pad}\n`),
  ]);
}

/** One spot, one row per entry: far more entries than a spot may have. */
function csv20MbOneSpot(): Buffer {
  const row = `Same spot,50.000001,10.000001,2025-01-01,${'n'.repeat(150)}\n`;
  return Buffer.concat([
    Buffer.from(csvHeader),
    repeat(Math.floor((20 * mb - 1000) / row.length), () => row),
  ]);
}

/** 4 MB of track points (not spots) beside a few waypoints: many small XML elements. */
function gpx4MbTrack(): Buffer {
  const point = '<trkpt lat="50.1" lon="10.1"/>\n';
  return Buffer.concat([
    Buffer.from(
      '<?xml version="1.0"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">\n<wpt lat="50" lon="10"><name>Start</name></wpt>\n<trk><trkseg>\n',
    ),
    repeat(Math.floor((4 * mb - 300) / point.length), () => point),
    Buffer.from('</trkseg></trk>\n</gpx>\n'),
  ]);
}

function geojson20Mb(): Buffer {
  const pad = 'd'.repeat(1900);
  const features = repeat(
    10_000,
    (i) =>
      `${i ? ',' : ''}{"type":"Feature","geometry":{"type":"Point","coordinates":[10,${(50 + i / 1e4).toFixed(5)}]},"properties":{"name":"Spot ${i}","description":"${pad}"}}`,
  );
  return Buffer.concat([
    Buffer.from('{"type":"FeatureCollection","features":['),
    features,
    Buffer.from(']}'),
  ]);
}

/** One feature whose polygon has 20 MB of coordinates: wide, and refused by the schema. */
function geojson20MbWide(): Buffer {
  const pair = '[10.1,50.1],';
  const count = Math.floor((20 * mb - 300) / pair.length);
  return Buffer.concat([
    Buffer.from(
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Wide"},"geometry":{"type":"Polygon","coordinates":[[',
    ),
    repeat(count, () => pair),
    Buffer.from('[10.1,50.1]]]}}]}'),
  ]);
}

/** Patches of 10,000 corners each (the most a spot may have), as many as 20 MB holds. */
function geojson20MbPatches(): Buffer {
  const corners = 9_999;
  const ring = (f: number) => {
    const points = Array.from({ length: corners }, (_, i) => {
      const a = (2 * Math.PI * i) / corners;
      return `[${(10 + f / 100 + 0.001 * Math.cos(a)).toFixed(6)},${(50 + 0.001 * Math.sin(a)).toFixed(6)}]`;
    });
    return `[${[...points, points[0]].join(',')}]`;
  };
  const feature = (f: number) =>
    `{"type":"Feature","properties":{"name":"Patch ${f}"},"geometry":{"type":"Polygon","coordinates":[${ring(f)}]}}`;
  const size = feature(0).length + 1;
  const count = Math.floor((19 * mb) / size);
  return Buffer.concat([
    Buffer.from('{"type":"FeatureCollection","features":['),
    Buffer.from(Array.from({ length: count }, (_, f) => feature(f)).join(',')),
    Buffer.from(']}'),
  ]);
}

/** 20 MB of placemarks, zipped to a few tens of kB. */
async function kmzBomb(): Promise<Buffer> {
  const placemark = '<Placemark><Point><coordinates>10,50</coordinates></Point></Placemark>\n';
  const count = Math.floor((20 * mb - 200) / placemark.length);
  const kml = Buffer.concat([
    Buffer.from('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n'),
    repeat(count, () => placemark),
    Buffer.from('</Document></kml>\n'),
  ]);
  return zipOf({ 'doc.kml': kml });
}

const inputs: Record<string, { query: string; make: () => Buffer | Promise<Buffer> }> = {
  'gpx-4mb-waypoints': { query: 'format=gpx&preview=true', make: gpx4Mb },
  'gpx-4mb-track': { query: 'format=gpx&preview=true', make: gpx4MbTrack },
  'csv-20mb-many-spots': { query: 'format=csv&preview=true', make: csv20MbManySpots },
  'csv-20mb-one-spot': { query: 'format=csv&preview=true', make: csv20MbOneSpot },
  'geojson-20mb': { query: 'format=geojson&preview=true', make: geojson20Mb },
  'geojson-20mb-import': { query: 'format=geojson', make: geojson20Mb },
  'geojson-20mb-patches': { query: 'format=geojson&preview=true', make: geojson20MbPatches },
  'geojson-20mb-wide': { query: 'format=geojson&preview=true', make: geojson20MbWide },
  'kmz-bomb': { query: 'format=kmz&preview=true', make: kmzBomb },
};

/** Polls GET /api/config (no database: a wait is the event loop's) until stopped; the longest (ms). */
function healthPoller(baseUrl: string) {
  let running = true;
  let longest = 0;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      await fetch(`${baseUrl}/api/config`).then(
        (res) => res.arrayBuffer(),
        () => undefined,
      );
      longest = Math.max(longest, performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    running = false;
    await done;
    return longest;
  };
}

async function measure(name: string, timeoutMs: number): Promise<string> {
  const input = inputs[name];
  if (!input) throw new Error(`no input ${name}`);
  const body = await input.make();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-hostile-'));
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const server = await startUntilHealthy(serverCommand, {
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST_DIR: path.join(workDir, 'no-web'),
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'warn',
  });
  try {
    const pid = server.child.pid ?? 0;
    const { idToken } = await signUp(server.baseUrl);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = memoryOf(pid).rss;
    const stopPoll = healthPoller(server.baseUrl);
    const start = performance.now();
    let status = 'timeout';
    let message = '';
    try {
      const res = await fetch(`${server.baseUrl}/api/v1/import?${input.query}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${idToken}`,
          'content-type': 'application/octet-stream',
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = String(res.status);
      const text = await res.text();
      message = res.ok ? text.slice(0, 80) : text.slice(0, 160);
    } catch (error) {
      status = server.child.exitCode === null ? 'timeout' : `exited ${server.child.exitCode}`;
      message = error instanceof Error ? error.message : String(error);
    }
    const ms = performance.now() - start;
    const longest = await stopPoll();
    const peak = server.child.exitCode === null ? memoryOf(pid).peak - before : Number.NaN;
    return `| ${name} | ${(body.length / 1024).toFixed(0)} kB | ${status} | ${(ms / 1000).toFixed(2)} s | ${peak.toFixed(0)} MiB | ${longest.toFixed(0)} ms | ${message.replaceAll('|', '/').replaceAll('\n', ' ')} |`;
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('server build failed');
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(inputs);
console.log(
  '| input | size | status | time | peak RSS growth | longest GET /api/config wait | answer |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const name of names)
  console.log(await measure(name, Number(process.env.TIMEOUT_MS ?? 60_000)));

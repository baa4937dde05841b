// RSS of a real server while it exports 2,000 spots × 10 entries (200 of them with a photo) as
// GeoJSON and as CSV, and backs the account up as a ZIP (issue 15: both stream, so memory stays
// flat however large the account). Beside it, the same server answering GET /locations, which
// builds the whole list in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { signUp } from './http.ts';
import type { Figure } from './measure.ts';
import { memoryOf } from './photo-memory.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';

const spots = 2000;
const entriesEach = 10;
/** The first entry of this many spots carries a photo. */
const photos = 200;

/** A 1600×1200 JPEG with noise, so its WebP is photo-sized rather than a flat fill. */
function makeJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#4a6b3a',
      noise: { type: 'gaussian', mean: 110, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function fillJournal(baseUrl: string, headers: Record<string, string>): Promise<void> {
  const jpeg = await makeJpeg();
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'find.jpg');
    const res = await fetch(`${baseUrl}/api/v1/photos`, { method: 'POST', headers, body: form });
    if (res.status !== 201) throw new Error(`photo: ${res.status} ${await res.text()}`);
    return (await res.json()) as { filePath: string };
  };
  const post = async (url: string, body: object) => {
    const res = await fetch(`${baseUrl}/api/v1${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const one = async (i: number) => {
    const { id } = await post('/locations', {
      name: `Spot ${i}, "by the old mill"`,
      description: 'North-facing slope under beeches, mossy, wet after rain.',
      position: { lat: 55 + (i % 100) / 10, lng: 12 + i / 400 },
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [12, 55],
            [12.001, 55],
            [12.001, 55.001],
            [12, 55],
          ],
        ],
      },
      categories: ['mushrooms', 'berries'],
      species: ['chanterelle', 'hedgehog mushroom'],
    });
    for (let e = 0; e < entriesEach; e++) {
      const photo = e === 0 && i < photos ? [{ filePath: (await upload()).filePath }] : [];
      await post(`/locations/${id}/entries`, {
        photos: photo,
        date: `2026-0${1 + (e % 9)}-1${e % 10}`,
        species: ['chanterelle', 'hedgehog mushroom'],
        abundance: 1 + (e % 5),
        notes: 'A good flush along the ditch, most of them young;\nleft the small ones to grow.',
        weather: 'Overcast, 14 °C',
      });
    }
  };
  const workers = 4;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = worker; i < spots; i += workers) await one(i);
    }),
  );
}

interface Download {
  growthMiB: number;
  ms: number;
  bytes: number;
}

/** One GET read to its end in chunks, and the server's peak RSS above its RSS before it. */
async function download(url: string, headers: Record<string, string>, pid: number) {
  // "5" resets VmHWM to the current RSS, so the peak is this request's alone.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = memoryOf(pid).rss;
  const start = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  return { growthMiB: memoryOf(pid).peak - before, ms: performance.now() - start, bytes };
}

const note = (d: Download) =>
  `${(d.bytes / 2 ** 20).toFixed(1)} MiB in ${(d.ms / 1000).toFixed(1)} s`;

export async function exportMemoryFigures(): Promise<Figure[]> {
  ensureBuilds();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-export-'));
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const server = await startUntilHealthy(serverCommand, {
    ...env,
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    DATA_DIR: path.join(workDir, 'data'),
    RATE_LIMIT_MAX: '1000000000',
  });
  try {
    const pid = server.child.pid ?? 0;
    const headers = { authorization: `Bearer ${(await signUp(server.baseUrl)).idToken}` };
    await fillJournal(server.baseUrl, headers);
    const idle = memoryOf(pid).rss;
    const api = `${server.baseUrl}/api/v1`;
    // Each twice: the first also loads the format's code; the second is the figure.
    await download(`${api}/export?format=geojson`, headers, pid);
    const geojson = await download(`${api}/export?format=geojson`, headers, pid);
    await download(`${api}/export?format=csv`, headers, pid);
    const csv = await download(`${api}/export?format=csv`, headers, pid);
    const list = await download(`${api}/locations`, headers, pid);
    const backup = await download(`${api}/backup`, headers, pid);
    const account = `${spots} spots × ${entriesEach} entries, ${photos} photos`;
    return [
      {
        name: `RSS growth, GeoJSON export of ${account}`,
        value: geojson.growthMiB,
        unit: 'MiB',
        target: 40,
        reference: `${note(geojson)}; idle server ${idle.toFixed(0)} MiB; GET /locations (whole list in memory) grows ${list.growthMiB.toFixed(0)} MiB for ${note(list)}`,
      },
      {
        name: `RSS growth, CSV export of ${account}`,
        value: csv.growthMiB,
        unit: 'MiB',
        target: 40,
        reference: note(csv),
      },
      {
        name: `RSS growth, backup ZIP of ${account}`,
        value: backup.growthMiB,
        unit: 'MiB',
        target: 40,
        reference: note(backup),
      },
    ];
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

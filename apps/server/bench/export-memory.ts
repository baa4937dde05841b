// RSS of a real server while it exports 2,000 spots × 10 entries (200 of them with a photo) as
// GeoJSON and as CSV, and backs the account up as a ZIP (both stream, so memory stays
// flat however large the account). Beside it, the same server answering GET /locations, which
// streams too but keeps an answer this size in the list cache. Then the backup is restored into a new account (its time and
// the server's RSS growth while it does).
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { signUp } from './http.ts';
import { fillJournal } from './seed-journal.ts';
import type { Figure } from './measure.ts';
import { download, memoryOf, memoryServerSettings, type Download } from './photo-memory.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';

const spots = 2000;
const entriesEach = 10;
/** The first entry of this many spots carries a photo. */
const photos = 200;

const note = (d: Download) =>
  `${(d.bytes / 2 ** 20).toFixed(1)} MiB in ${(d.ms / 1000).toFixed(1)} s`;

/** GET /backup saved to a file, then POST /import of it into another account (raw body). */
async function restoreInto(
  api: string,
  other: { idToken: string },
  workDir: string,
  headers: Record<string, string>,
  pid: number,
): Promise<Download> {
  const file = path.join(workDir, 'backup.zip');
  const res = await fetch(`${api}/backup`, { headers });
  if (!res.ok || !res.body) throw new Error(`backup: ${res.status}`);
  await pipeline(Readable.fromWeb(res.body), createWriteStream(file));
  const body = await openAsBlob(file);
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = memoryOf(pid).rss;
  const start = performance.now();
  const answer = await fetch(`${api}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${other.idToken}`, 'content-type': 'application/zip' },
    body,
  });
  if (answer.status !== 200) throw new Error(`restore: ${answer.status} ${await answer.text()}`);
  await answer.arrayBuffer();
  return {
    growthMiB: memoryOf(pid).peak - before,
    ms: performance.now() - start,
    bytes: body.size,
  };
}

export async function exportMemoryFigures(): Promise<Figure[]> {
  ensureBuilds();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-export-'));
  const server = await startUntilHealthy(
    serverCommand,
    memoryServerSettings(path.join(workDir, 'data')),
  );
  try {
    const pid = server.child.pid ?? 0;
    const headers = { authorization: `Bearer ${(await signUp(server.baseUrl)).idToken}` };
    await fillJournal(server.baseUrl, headers, { spots, entriesEach, patches: true, photos });
    const idle = memoryOf(pid).rss;
    const api = `${server.baseUrl}/api/v1`;
    // Each twice: the first also loads the format's code; the second is the figure.
    await download(`${api}/export?format=geojson`, headers, pid);
    const geojson = await download(`${api}/export?format=geojson`, headers, pid);
    await download(`${api}/export?format=csv`, headers, pid);
    const csv = await download(`${api}/export?format=csv`, headers, pid);
    const list = await download(`${api}/locations`, headers, pid);
    const backup = await download(`${api}/backup`, headers, pid);
    const restore = await restoreInto(api, await signUp(server.baseUrl), workDir, headers, pid);
    const account = `${spots} spots × ${entriesEach} entries, ${photos} photos`;
    return [
      {
        name: `RSS growth, GeoJSON export of ${account}`,
        value: geojson.growthMiB,
        unit: 'MiB',
        target: 40,
        reference: `${note(geojson)}; idle server ${idle.toFixed(0)} MiB; GET /locations (kept in the list cache) grows ${list.growthMiB.toFixed(0)} MiB for ${note(list)}`,
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
      {
        name: `Restore of that backup into a new account`,
        value: restore.ms / 1000,
        unit: 's',
        target: 60,
        reference: `upload and restore of ${(restore.bytes / 2 ** 20).toFixed(1)} MiB; RSS growth ${restore.growthMiB.toFixed(0)} MiB; the backup's own download took ${(backup.ms / 1000).toFixed(1)} s`,
      },
    ];
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

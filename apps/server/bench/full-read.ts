// The first full read of a lifetime's journal (20,000 spots × 10 entries, FULL_READ_SPOTS for
// fewer) on the real server, SQLite: GET /api/v1/locations and the first GET /api/v1/sync (no
// cursor), each read to its last byte with the server's peak RSS growth meanwhile, as a ratio to
// the answer's size (target 2: the answer streamed, not built whole first). The journal is
// written straight into the database between two starts of the server, as search.ts writes it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../src/db/connect.ts';
import { signIn, signUp } from './http.ts';
import type { Figure } from './measure.ts';
import { download, memoryOf, memoryServerSettings } from './photo-memory.ts';
import { ensureBuilds, serverCommand, startUntilHealthy } from './processes.ts';
import { journalOf, writeJournal } from './search-journal.ts';

const spots = Number(process.env.FULL_READ_SPOTS ?? 20_000);

export async function fullReadFigures(): Promise<Figure[]> {
  ensureBuilds();
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-bench-full-read-'));
  const settings = memoryServerSettings(path.join(workDir, 'data'));
  try {
    // The account is made over HTTP; its rows are written with the server stopped.
    const first = await startUntilHealthy(serverCommand, settings);
    const { userId, email } = await signUp(first.baseUrl).finally(() => first.stop());
    const { db } = await connectDatabase({
      kind: 'sqlite',
      file: path.join(workDir, 'data', 'journal.db'),
    });
    const writtenMs = await writeJournal(db, userId, journalOf(spots), false);
    await db.destroy();
    const server = await startUntilHealthy(serverCommand, settings);
    try {
      const pid = server.child.pid ?? 0;
      // A token names the server's address, which is another one now: signed in again.
      const headers = { authorization: `Bearer ${await signIn(server.baseUrl, email)}` };
      const idle = memoryOf(pid).rss;
      const api = `${server.baseUrl}/api/v1`;
      const journal = `${spots} spots × 10 entries`;
      const figures: Figure[] = [];
      for (const [name, url] of [
        ['GET /locations', `${api}/locations`],
        ['GET /sync (first)', `${api}/sync`],
      ] as const) {
        const read = await download(url, headers, pid);
        const mib = read.bytes / 2 ** 20;
        figures.push({
          name: `RSS growth ÷ answer, ${name}, ${journal}`,
          value: read.growthMiB / mib,
          unit: 'x',
          target: 2,
          reference: `${read.growthMiB.toFixed(0)} MiB for ${mib.toFixed(1)} MiB, last byte at ${(read.ms / 1000).toFixed(2)} s; idle server ${idle.toFixed(0)} MiB; rows written in ${(writtenMs / 1000).toFixed(0)} s`,
        });
      }
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

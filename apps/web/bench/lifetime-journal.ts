// A lifetime's journal on the real server: 20,000 spots × 10 entries (LIFETIME_SPOTS for fewer)
// for one user, written straight into the server's SQLite file between two starts, as the
// server bench's full-read section writes it (through the API it would take most of an hour).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Location } from '@fj/contract/locations';
import { journalOf, writeJournal } from '../../server/bench/search-journal.ts';
import { connectDatabase } from '../../server/src/db/connect.ts';
import { startBenchServer, type BenchServer } from './app-server.ts';
import { api, signInBenchUser, signUpBenchUser, type BenchUser } from './seed.ts';

export interface LifetimeJournal {
  server: BenchServer;
  user: BenchUser;
  journal: Location[];
  /** The bytes of GET /api/v1/locations: the journal as JSON. */
  jsonBytes: number;
  stop(): Promise<void>;
}

export const lifetimeSpots = Number(process.env.LIFETIME_SPOTS ?? 20_000);

export async function startLifetimeJournal(): Promise<LifetimeJournal> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-web-bench-lifetime-'));
  const dataDir = path.join(workDir, 'data');
  try {
    const first = await startBenchServer('lifetime', undefined, dataDir);
    const { email } = await signUpBenchUser(first.baseUrl, 'lifetime').finally(() => first.stop());
    const journal = journalOf(lifetimeSpots);
    const { db } = await connectDatabase({
      kind: 'sqlite',
      file: path.join(dataDir, 'journal.db'),
    });
    try {
      const { id } = await db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await writeJournal(db, id, journal, true);
    } finally {
      await db.destroy();
    }
    const server = await startBenchServer('lifetime', undefined, dataDir);
    const user = await signInBenchUser(server.baseUrl, email);
    const answer = await api(server.baseUrl, user, 'GET', '/locations', undefined);
    const jsonBytes = (await answer.arrayBuffer()).byteLength;
    return {
      server,
      user,
      journal,
      jsonBytes,
      async stop() {
        await server.stop();
        rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}

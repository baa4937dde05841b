// A journal of a size no test could make through the API in its time: written straight into the
// database of a server of the test's own between two of its starts, as the benches write theirs.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Location } from '@fj/contract/locations';
import { writeJournal } from '../../../server/bench/search-journal.ts';
import { connectDatabase } from '../../../server/src/db/connect.ts';
import { signInBenchUser, signUpBenchUser, type BenchUser } from '../../bench/seed.ts';
import { freePort, startServer, webDir } from './server.ts';

/** A server on a data folder: e2e's own by default, the web bench's with its blank style. */
export interface JournalServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export interface LargeJournal {
  server: JournalServer;
  user: BenchUser;
  journal: Location[];
  stop(): Promise<void>;
}

/** `count` spots named `Spot 00000`… in a grid over southern Scandinavia, one entry each. */
export function gridJournal(count: number): Location[] {
  const now = '2025-01-01T00:00:00.000Z';
  return Array.from({ length: count }, (_, i): Location => {
    const id = randomUUID();
    return {
      id,
      name: `Spot ${String(i).padStart(5, '0')}`,
      position: { lat: 55 + (i % 100) * 0.06, lng: 9 + Math.floor(i / 100) * 0.05 },
      categories: ['mushrooms'],
      favorite: false,
      createdAt: now,
      updatedAt: now,
      entries: [
        {
          id: randomUUID(),
          locationId: id,
          date: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 10}`,
          finds: [{ species: 'Chanterelle', quantity: 1 + (i % 9), unit: 'count' }],
          notes: 'By the mossy stump',
          photos: [],
          createdAt: now,
          updatedAt: now,
        },
      ],
    };
  });
}

/**
 * `start` (a server on the test's own data folder unless given) with `journal` for a new user,
 * signed in over the API.
 */
export async function startWithJournal(
  journal: Location[],
  start?: (dataDir: string) => Promise<JournalServer>,
): Promise<LargeJournal> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'fj-e2e-large-'));
  const dataDir = path.join(workDir, 'data');
  const port = await freePort();
  const startOn =
    start ??
    (() =>
      startServer({
        port,
        dataDir,
        webDistDir: path.join(webDir, 'dist'),
        logFile: path.join(workDir, 'server.log'),
      }));
  try {
    const first = await startOn(dataDir);
    const { email } = await signUpBenchUser(first.baseUrl, 'large').finally(() => first.stop());
    const postgres = process.env.E2E_DATABASE_URL;
    const { db } = await connectDatabase(
      postgres
        ? { kind: 'postgres', url: postgres }
        : { kind: 'sqlite', file: path.join(dataDir, 'journal.db') },
    );
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
    const server = await startOn(dataDir);
    const user = await signInBenchUser(server.baseUrl, email);
    return {
      server,
      user,
      journal,
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

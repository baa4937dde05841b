// A lifetime's journal on the real server: 20,000 spots × 10 entries (LIFETIME_SPOTS for fewer)
// for one user, written straight into the server's database between two starts
// (e2e/support/large-journal.ts): through the API it would take most of an hour.
import { journalOf } from '../../server/bench/search-journal.ts';
import { startWithJournal, type LargeJournal } from '../e2e/support/large-journal.ts';
import { startBenchServer } from './app-server.ts';
import { api } from './seed.ts';

export interface LifetimeJournal extends LargeJournal {
  /** The bytes of GET /api/v1/locations: the journal as JSON. */
  jsonBytes: number;
}

const lifetimeSpots = Number(process.env.LIFETIME_SPOTS ?? 20_000);

export async function startLifetimeJournal(): Promise<LifetimeJournal> {
  const journey = await startWithJournal(journalOf(lifetimeSpots), (dataDir) =>
    startBenchServer('lifetime', undefined, dataDir),
  );
  const answer = await api(journey.server.baseUrl, journey.user, 'GET', '/locations', undefined);
  return { ...journey, jsonBytes: (await answer.arrayBuffer()).byteLength };
}

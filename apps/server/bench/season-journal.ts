// A keen forager's journal for the seasonality bench: 2,000 spots, 10 entries each over 15
// years (20,000 entries, about 40,000 finds of 60 species), the same in every run.
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/executor.ts';
import type { EntriesTable, LocationsTable } from '../src/db/schema.ts';
import { findRowsOf, type StoredFind } from '../src/lib/entry-details.ts';

export const spots = 2000;
export const entriesEach = 10;
export const species = Array.from({ length: 60 }, (_, i) => `Species ${i} (sp. ${i % 7})`);
/** Each species fruits within 60 days of its own day of the year. */
const centreOf = (i: number) => 1 + ((i * 61) % 365);

/**
 * A fixed pseudo-random sequence (mulberry32): the same journal in every run. (A linear
 * congruential one multiplied past 2^53 in doubles and fell into a short cycle: each species
 * was found on 48 days of the year instead of about 120.)
 */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function journalRows(userId: string) {
  const next = random(7);
  const now = new Date().toISOString();
  const locations: LocationsTable[] = [];
  const entries: EntriesTable[] = [];
  for (let s = 0; s < spots; s++) {
    const id = randomUUID();
    locations.push({
      ...{ id, user_id: userId, name: `Spot ${s}`, description: null, details: '{}' },
      ...{ lat: 55 + (s % 100) / 10, lng: 12 + s / 400, favorite: 0, revision: 1 },
      ...{ created_at: now, updated_at: now },
    });
    for (let e = 0; e < entriesEach; e++) {
      const date = new Date(
        Date.UTC(2011 + Math.floor(next() * 15), 0, 1 + Math.floor(next() * 365)),
      );
      const day = Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 864e5) + 1;
      const inSeason = species.filter(
        (_, i) => Math.min(Math.abs(centreOf(i) - day), 366 - Math.abs(centreOf(i) - day)) <= 60,
      );
      const finds: StoredFind[] = [];
      for (let k = Math.floor(next() * 5); k > 0 && inSeason.length > 0; k--) {
        const [name] = inSeason.splice(Math.floor(next() * inSeason.length), 1);
        if (name)
          finds.push(
            next() < 0.5
              ? { species: name, quantity: Math.round(next() * 3000) / 1000, unit: 'kg' }
              : { species: name },
          );
      }
      entries.push({
        ...{
          id: randomUUID(),
          location_id: id,
          user_id: userId,
          date: date.toISOString().slice(0, 10),
        },
        ...{
          details: JSON.stringify(finds.length ? { finds } : { nothingFound: true }),
          revision: 1,
        },
        ...{ created_at: now, updated_at: now },
      });
    }
  }
  return { locations, entries };
}

/** Written straight into the tables (an import of this size through the API takes minutes). */
export async function writeJournal(db: Db, userId: string): Promise<number> {
  const { locations, entries } = journalRows(userId);
  const finds = entries.flatMap((entry) => findRowsOf(entry));
  const inBatches = async <T>(rows: T[], write: (batch: T[]) => Promise<unknown>) => {
    for (let at = 0; at < rows.length; at += 500) await write(rows.slice(at, at + 500));
  };
  await db.transaction().execute(async (trx) => {
    await inBatches(locations, (batch) => trx.insertInto('locations').values(batch).execute());
    await inBatches(entries, (batch) => trx.insertInto('entries').values(batch).execute());
    await inBatches(finds, (batch) => trx.insertInto('entry_finds').values(batch).execute());
  });
  return finds.length;
}

// The search bench's journal: one user's spots with ten entries each, the same on every run,
// written as a restore writes them (rows, then entry_finds and the search index in the same
// transaction), timed beside the same rows written without the index.
import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import { sql } from 'kysely';
import { entryFindsRepository } from '../src/db/entry-finds.ts';
import type { Db, Executor } from '../src/db/executor.ts';
import type { EntriesTable, LocationsTable } from '../src/db/schema.ts';
import { searchIndex } from '../src/db/search-index.ts';

const entriesEach = 10;
const species = [
  'Chanterelle',
  'Cèpe',
  'Morel',
  'Hedgehog mushroom',
  'Black trumpet',
  'Bilberry',
  'Wild garlic',
  'Oyster mushroom',
];
const trees = ['Oak', 'Beech', 'Spruce', 'Pine', 'Ash', 'Birch', 'Chêne'];
const terrains = ['Forest', 'Meadow', 'Riverbank', 'Bog'];
const words = [
  'mossy',
  'stump',
  'wet',
  'after',
  'rain',
  'north',
  'slope',
  'dry',
  'path',
  'ditch',
  'old',
  'mill',
  'clearing',
];

/** A little generator of its own: the same journal on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export function journalOf(spotCount: number): Location[] {
  const next = random(29);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const now = '2025-01-01T00:00:00.000Z';
  return Array.from({ length: spotCount }, (_, i): Location => {
    const id = randomUUID();
    return {
      id,
      name: `Spot ${i} by the ${pick(words)} ${pick(words)}`,
      description: `${pick(words)} ${pick(words)} ${pick(words)} under ${pick(trees)}`,
      position: { lat: 45 + next() * 15, lng: next() * 20 },
      terrainType: pick(terrains),
      treeTypes: [pick(trees), pick(trees)].filter((t, k, all) => all.indexOf(t) === k),
      categories: ['mushrooms'],
      favorite: next() < 0.1,
      access: { status: next() < 0.8 ? 'open' : 'ask', note: `${pick(words)} gate` },
      createdAt: now,
      updatedAt: now,
      entries: Array.from({ length: entriesEach }, () => {
        const found = [pick(species), pick(species)].filter((s, k, all) => all.indexOf(s) === k);
        const month = 1 + Math.floor(next() * 12);
        return {
          id: randomUUID(),
          locationId: id,
          date: `${2015 + Math.floor(next() * 11)}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`,
          finds: found.map((name) => ({
            species: name,
            quantity: Math.floor(next() * 20),
            unit: 'count' as const,
          })),
          notes: `${pick(words)} ${pick(words)} ${pick(words)} ${pick(words)}`,
          photos: [],
          createdAt: now,
          updatedAt: now,
        };
      }),
    };
  });
}

function rowsOf(userId: string, part: readonly Location[], revision: number) {
  const locations = part.map((l): LocationsTable => ({
    id: l.id,
    user_id: userId,
    name: l.name,
    description: l.description ?? null,
    lat: l.position.lat,
    lng: l.position.lng,
    details: JSON.stringify({
      terrainType: l.terrainType,
      treeTypes: l.treeTypes,
      categories: l.categories,
      access: l.access,
    }),
    favorite: l.favorite ? 1 : 0,
    created_at: l.createdAt,
    updated_at: l.updatedAt,
    revision,
  }));
  const entries = part.flatMap((l) =>
    l.entries.map((entry): EntriesTable => ({
      id: entry.id,
      location_id: entry.locationId,
      user_id: userId,
      date: entry.date,
      details: JSON.stringify({ finds: entry.finds, notes: entry.notes }),
      created_at: entry.createdAt,
      updated_at: entry.updatedAt,
      revision,
    })),
  );
  return { locations, entries };
}

/**
 * Writes the journal in transactions of 200 spots; `indexed` adds entry_finds and the search
 * index as a restore writes them. Answers the milliseconds it took.
 */
export async function writeJournal(
  db: Db,
  userId: string,
  journal: readonly Location[],
  indexed: boolean,
): Promise<number> {
  await sql`insert into sync_revisions (user_id, revision, pruned_revision) values (${userId}, 1, 0)
    on conflict (user_id) do update set revision = sync_revisions.revision + 1`.execute(db);
  const { revision } = await db
    .selectFrom('sync_revisions')
    .select('revision')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const start = performance.now();
  for (let at = 0; at < journal.length; at += 200) {
    const { locations, entries } = rowsOf(userId, journal.slice(at, at + 200), Number(revision));
    await db.transaction().execute(async (trx: Executor) => {
      for (let i = 0; i < locations.length; i += 50) {
        const part = locations.slice(i, i + 50);
        await trx.insertInto('locations').values(part).execute();
        if (indexed) await searchIndex.spotsWritten(trx, part);
      }
      for (let i = 0; i < entries.length; i += 50) {
        const part = entries.slice(i, i + 50);
        await trx.insertInto('entries').values(part).execute();
        if (!indexed) continue;
        await entryFindsRepository.insertFor(trx, part);
        await searchIndex.visitsInserted(trx, part);
      }
    });
  }
  return performance.now() - start;
}

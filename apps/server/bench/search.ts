// The search at a lifetime's journal: 20,000 spots and 200,000 entries of one user, written
// straight into the database (as a restore would), then GET /search over inject(), faceted and
// by text, each beside a plain indexed read of the same rows; and the device's searchJournal
// over the same journal in this process, beside a plain pass over it.
import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import { parseQuery } from '@fj/contract/search-query';
import { searchJournal } from '@fj/contract/search-match';
import { sql } from 'kysely';
import { databaseKinds } from '../test/helpers/databases.ts';
import { createTestApp } from '../test/helpers/test-app.ts';
import { timeRuns, type Figure } from './measure.ts';

const spotCount = Number(process.env.SEARCH_BENCH_SPOTS ?? 20_000);
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

function journalOf(): Location[] {
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

const queries = {
  faceted: 'species:chanterelle tree:oak month:jul-sep',
  text: 'mossy stump',
};

export async function searchFigures(): Promise<Figure[]> {
  const figures: Figure[] = [];
  let journal: Location[] = [];
  for (const kind of databaseKinds) {
    // As production answers: no schema check of each answer (outside production every answer is).
    const t = await createTestApp(kind, { NODE_ENV: 'production' });
    try {
      const user = await t.signUp();
      journal = journalOf();
      const db = t.app.db;
      await sql`insert into sync_revisions (user_id, revision, pruned_revision) values (${user.id}, 1, 0)
        on conflict (user_id) do update set revision = sync_revisions.revision + 1`.execute(db);
      const { revision } = await db
        .selectFrom('sync_revisions')
        .select('revision')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      for (let start = 0; start < journal.length; start += 200) {
        const part = journal.slice(start, start + 200);
        await db
          .insertInto('locations')
          .values(
            part.map((l) => ({
              id: l.id,
              user_id: user.id,
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
              revision: Number(revision),
            })),
          )
          .execute();
        const entries = part.flatMap((l) => l.entries);
        for (let e = 0; e < entries.length; e += 500) {
          await db
            .insertInto('entries')
            .values(
              entries.slice(e, e + 500).map((entry) => ({
                id: entry.id,
                location_id: entry.locationId,
                user_id: user.id,
                date: entry.date,
                details: JSON.stringify({ finds: entry.finds, notes: entry.notes }),
                created_at: entry.createdAt,
                updated_at: entry.updatedAt,
                revision: Number(revision),
              })),
            )
            .execute();
        }
      }
      const search = (q: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/v1/search?q=${encodeURIComponent(q)}`,
          headers: user.auth,
        });
      const built = await timeRuns(1, () => search('oak'));
      console.log(`search bench: ${kind.name} index built in ${built.median.toFixed(0)} ms`);
      figures.push({
        name: `search index, first search of ${spotCount} spots (${kind.name})`,
        value: built.median,
        unit: 'ms',
        target: 60_000,
      });
      for (const [what, q] of Object.entries(queries)) {
        const answer = (await search(q)).json<{
          data: { location: Location; entryIds: string[] }[];
          total: number;
        }>();
        const ids = answer.data.map((match) => match.location.id);
        // The reference: the same page of spots read by their ids, with their entries, by index.
        const byIds = await timeRuns(30, async () => {
          await db
            .selectFrom('locations')
            .selectAll()
            .where('user_id', '=', user.id)
            .where('id', 'in', ids)
            .execute();
          await db
            .selectFrom('entries')
            .selectAll()
            .where('user_id', '=', user.id)
            .where('location_id', 'in', ids)
            .execute();
        });
        const timed = await timeRuns(30, () => search(q));
        figures.push({
          name: `GET /search ${what} (${kind.name}) p50`,
          value: timed.median,
          unit: 'ms',
          target: 30,
          reference: `"${q}": ${answer.total} spots; the page's rows by id ${byIds.median.toFixed(1)} ms, ratio ${(timed.median / byIds.median).toFixed(1)}`,
        });
      }
    } finally {
      await t.close();
    }
  }
  // The device: searchJournal over the same journal (folded once, then kept per object).
  const facets = parseQuery(queries.faceted).facets;
  searchJournal(journal, facets);
  const plain = await timeRuns(15, async () =>
    journal.filter((l) => l.entries.some((e) => e.date >= '2020-07')),
  );
  for (const [what, q] of Object.entries(queries)) {
    const asked = parseQuery(q).facets;
    const device = await timeRuns(15, async () => searchJournal(journal, asked));
    figures.push({
      name: `searchJournal ${what}, ${spotCount} spots (Node) p50`,
      value: device.median,
      unit: 'ms',
      target: 100,
      reference: `a plain pass over every entry ${plain.median.toFixed(1)} ms`,
    });
  }
  return figures;
}

// GET /api/v1/seasonality on a keen forager's journal (2,000 spots, 20,000 entries, 40,000 finds
// over 15 years), one species and all species, beside a plain SQL GROUP BY over entry_finds that
// gives the same numbers; and the contract's seasonSummaries in Node beside a plain loop over
// the same visits.
import { randomUUID } from 'node:crypto';
import type { SeasonSummary, SpeciesSeason } from '@fj/contract/seasonality';
import { seasonSummaries, type SeasonVisit } from '@fj/contract/seasons';
import { speciesKey } from '@fj/contract/text-fold';
import { sql } from 'kysely';
import type { Db } from '../src/db/executor.ts';
import type { EntriesTable, LocationsTable } from '../src/db/schema.ts';
import { findRowsOf, type StoredFind } from '../src/lib/entry-details.ts';
import { databaseKinds } from '../test/helpers/databases.ts';
import { createTestApp } from '../test/helpers/test-app.ts';
import { timeRuns, type Figure } from './measure.ts';

const spots = 2000;
const entriesEach = 10;
const species = Array.from({ length: 60 }, (_, i) => `Species ${i} (sp. ${i % 7})`);
/** Each species fruits within 60 days of its own day of the year. */
const centreOf = (i: number) => 1 + ((i * 61) % 365);

/** A fixed pseudo-random sequence: the same journal in every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
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
async function writeJournal(db: Db, userId: string): Promise<number> {
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

/** Visits and finds per month of one species at its spots: the months of the API's answer. */
const speciesByMonth = (db: Db, userId: string, key: string) =>
  sql<{ month: string; visits: number | string; found: number | string }>`
    select substr(e.date, 6, 2) as month, count(*) as visits, count(f.entry_id) as found
    from entries e left join entry_finds f on f.entry_id = e.id and f.species_key = ${key}
    where e.user_id = ${userId} and e.location_id in
      (select location_id from entry_finds where user_id = ${userId} and species_key = ${key})
    group by substr(e.date, 6, 2) order by month`.execute(db);

/** Finds of every species and the visits at its spots: the list's counts. */
const allSpecies = (db: Db, userId: string) =>
  sql<{ species_key: string; found: number | string; visits: number | string }>`
    select f.species_key, count(*) as found,
      (select count(*) from entries e where e.user_id = ${userId} and e.location_id in
        (select g.location_id from entry_finds g where g.user_id = ${userId} and g.species_key = f.species_key)) as visits
    from entry_finds f where f.user_id = ${userId} group by f.species_key order by f.species_key`.execute(
    db,
  );

function same(what: string, api: unknown, sqlNumbers: unknown): void {
  if (JSON.stringify(api) !== JSON.stringify(sqlNumbers))
    throw new Error(`${what}: the API and the SQL GROUP BY disagree`);
}

/** The contract's seasonSummaries beside a plain loop counting finds per species, same visits. */
async function inNode(db: Db, userId: string): Promise<Figure> {
  const rows = await db
    .selectFrom('entries')
    .select(['location_id', 'date', 'details'])
    .where('user_id', '=', userId)
    .execute();
  const visits: SeasonVisit[] = rows.map((row) => ({
    locationId: row.location_id,
    date: row.date,
    finds: (JSON.parse(row.details) as { finds?: StoredFind[] }).finds ?? [],
  }));
  const summaries = await timeRuns(20, async () => seasonSummaries(visits));
  const loop = await timeRuns(20, async () => {
    const counts = new Map<string, number>();
    for (const visit of visits)
      for (const find of visit.finds) counts.set(find.species, (counts.get(find.species) ?? 0) + 1);
    return counts;
  });
  return {
    name: 'seasonSummaries in Node, 20k entries p50',
    value: summaries.median,
    unit: 'ms',
    target: 100,
    reference: `a plain loop counting finds per species ${loop.median.toFixed(1)} ms: ratio ${(summaries.median / loop.median).toFixed(1)}`,
  };
}

export async function seasonalityFigures(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const kind of databaseKinds) {
    const t = await createTestApp(kind);
    try {
      const user = await t.signUp();
      const db = t.app.db;
      const findCount = await writeJournal(db, user.id);
      const get = async <T>(query: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/seasonality${query}`,
            headers: user.auth,
          })
        ).json<{ data: T }>().data;
      const name = species[3] ?? '';
      const season = await get<SpeciesSeason>(`?species=${encodeURIComponent(name)}`);
      const byMonth = (await speciesByMonth(db, user.id, speciesKey(name))).rows;
      same(
        'one species',
        season.months.filter((m) => m.visits > 0).map((m) => [m.month, m.visits, m.found]),
        byMonth.map((r) => [Number(r.month), Number(r.visits), Number(r.found)]),
      );
      const list = await get<SeasonSummary[]>('');
      same(
        'all species',
        list.map((s) => [speciesKey(s.species), s.visits, s.found]),
        (await allSpecies(db, user.id)).rows.map((r) => [
          r.species_key,
          Number(r.visits),
          Number(r.found),
        ]),
      );
      const url = `/api/v1/seasonality?species=${encodeURIComponent(name)}`;
      const one = await timeRuns(30, () =>
        t.app.inject({ method: 'GET', url, headers: user.auth }),
      );
      const oneSql = await timeRuns(30, () => speciesByMonth(db, user.id, speciesKey(name)));
      const all = await timeRuns(15, () =>
        t.app.inject({ method: 'GET', url: '/api/v1/seasonality', headers: user.auth }),
      );
      const allSql = await timeRuns(15, () => allSpecies(db, user.id));
      const shape = `${spots} spots, ${(spots * entriesEach) / 1000}k entries, ${(findCount / 1000).toFixed(0)}k finds`;
      figures.push(
        {
          name: `GET /seasonality?species= (${kind.name}) p50`,
          value: one.median,
          unit: 'ms',
          target: 50,
          reference: `${shape}; SQL GROUP BY of its months ${oneSql.median.toFixed(1)} ms: ratio ${(one.median / oneSql.median).toFixed(1)}`,
        },
        {
          name: `GET /seasonality, ${list.length} species (${kind.name}) p50`,
          value: all.median,
          unit: 'ms',
          target: 150,
          reference: `SQL GROUP BY of finds and visits per species ${allSql.median.toFixed(1)} ms: ratio ${(all.median / allSql.median).toFixed(1)}`,
        },
      );
      if (kind.name === 'sqlite') figures.push(await inNode(db, user.id));
    } finally {
      await t.close();
    }
  }
  return figures;
}

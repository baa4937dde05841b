// GET /api/v1/seasonality on a keen forager's journal (2,000 spots, 20,000 entries, 40,000 finds
// over 15 years), one species and all species, beside a plain SQL GROUP BY over entry_finds that
// gives the same numbers; and the contract's seasonSummaries in Node beside a plain loop over
// the same visits.
import type { SeasonSummary, SpeciesSeason } from '@fj/contract/seasonality';
import { seasonSummaries, type SeasonVisit } from '@fj/contract/seasons';
import { speciesKey } from '@fj/contract/text-fold';
import { sql } from 'kysely';
import type { Db } from '../src/db/executor.ts';
import type { StoredFind } from '../src/lib/entry-details.ts';
import { databaseKinds } from '../test/helpers/databases.ts';
import { createTestApp } from '../test/helpers/test-app.ts';
import { timeRuns, type Figure } from './measure.ts';
import { entriesEach, species, spots, writeJournal } from './season-journal.ts';

type Count = number | string | bigint;

/**
 * One species' months and years by one plain GROUP BY: every visit at its spots joined with its
 * find, per year-month and unit (visits, finds, quantities in thousandths, first and last find).
 */
const speciesGroupBy = (db: Db, userId: string, key: string) =>
  sql<{
    ym: string;
    unit: string | null;
    visits: Count;
    found: Count;
    thousandths: Count | null;
    first: string | null;
    last: string | null;
  }>`
    select substr(e.date, 1, 7) as ym, f.unit, count(*) as visits, count(f.entry_id) as found,
      sum(cast(round(f.quantity * 1000) as bigint)) as thousandths,
      min(f.date) as first, max(f.date) as last
    from entries e left join entry_finds f on f.entry_id = e.id and f.species_key = ${key}
    where e.user_id = ${userId} and e.location_id in
      (select location_id from entry_finds where user_id = ${userId} and species_key = ${key})
    group by substr(e.date, 1, 7), f.unit`.execute(db);

/** The API's months and years as [month, visits, found, quantities] and [year, visits, found, first, last]. */
function speciesNumbers(season: SpeciesSeason) {
  return {
    months: season.months.map((m) => [m.month, m.visits, m.found, sortedQuantities(m.quantity)]),
    years: season.years.map((y) => [y.year, y.visits, y.found, y.first, y.last]),
  };
}

const sortedQuantities = (quantity: Record<string, number | undefined>) =>
  Object.entries(quantity).sort(([a], [b]) => (a < b ? -1 : 1));

/** The same from the GROUP BY's rows. */
function groupByNumbers(rows: Awaited<ReturnType<typeof speciesGroupBy>>['rows']) {
  const months = Array.from({ length: 12 }, () => ({
    visits: 0,
    found: 0,
    sums: {} as Record<string, number>,
  }));
  const years = new Map<number, [number, number, number, string | null, string | null]>();
  for (const row of rows) {
    const month = months[Number(row.ym.slice(5, 7)) - 1];
    const year = Number(row.ym.slice(0, 4));
    const tally = years.get(year) ?? [year, 0, 0, null, null];
    years.set(year, tally);
    if (!month) continue;
    month.visits += Number(row.visits);
    month.found += Number(row.found);
    tally[1] += Number(row.visits);
    tally[2] += Number(row.found);
    if (row.first !== null && (tally[3] === null || row.first < tally[3])) tally[3] = row.first;
    if (row.last !== null && (tally[4] === null || row.last > tally[4])) tally[4] = row.last;
    if (row.unit !== null && row.thousandths !== null)
      month.sums[row.unit] = (month.sums[row.unit] ?? 0) + Number(row.thousandths);
  }
  return {
    months: months.map((m, i) => [
      i + 1,
      m.visits,
      m.found,
      sortedQuantities(Object.fromEntries(Object.entries(m.sums).map(([u, n]) => [u, n / 1000]))),
    ]),
    years: [...years.values()].sort((a, b) => a[0] - b[0]),
  };
}

/** Finds of every species and the visits at its spots: the list's counts. */
const allSpecies = (db: Db, userId: string) =>
  sql<{ species_key: string; found: Count; visits: Count }>`
    with spots as (select distinct species_key, location_id from entry_finds where user_id = ${userId}),
      visits as (select location_id, count(*) as n from entries where user_id = ${userId} group by location_id),
      found as (select species_key, count(*) as found from entry_finds where user_id = ${userId} group by species_key)
    select s.species_key, f.found, sum(v.n) as visits
    from spots s join visits v on v.location_id = s.location_id join found f on f.species_key = s.species_key
    group by s.species_key, f.found`.execute(db);

const byKey = <T extends { species_key: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.species_key < b.species_key ? -1 : 1));

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
      // As autovacuum does after a bulk insert (PostgreSQL 13+): the planner's statistics and the
      // visibility map that lets it read an index alone. SQLite keeps no statistics unasked.
      if (kind.name === 'postgres') await sql`vacuum analyze`.execute(db);
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
      const key = speciesKey(name);
      same(
        'one species',
        speciesNumbers(season),
        groupByNumbers((await speciesGroupBy(db, user.id, key)).rows),
      );
      const list = await get<SeasonSummary[]>('');
      same(
        'all species',
        list.map((s) => [speciesKey(s.species), s.visits, s.found]),
        byKey((await allSpecies(db, user.id)).rows).map((r) => [
          r.species_key,
          Number(r.visits),
          Number(r.found),
        ]),
      );
      const url = `/api/v1/seasonality?species=${encodeURIComponent(name)}`;
      const one = await timeRuns(30, () =>
        t.app.inject({ method: 'GET', url, headers: user.auth }),
      );
      const oneSql = await timeRuns(30, () => speciesGroupBy(db, user.id, key));
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
          reference: `${shape}; one SQL GROUP BY of its months and years ${oneSql.median.toFixed(1)} ms: ratio ${(one.median / oneSql.median).toFixed(1)}`,
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

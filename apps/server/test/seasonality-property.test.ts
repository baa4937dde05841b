import { randomUUID } from 'node:crypto';
import { seasonSummaries, speciesSeason, type SeasonVisit } from '@fj/contract/seasons';
import { speciesKey } from '@fj/contract/text-fold';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntriesTable, LocationsTable } from '../src/db/schema.ts';
import { detailsAfter, findRowsOf, findsOfDetails } from '../src/lib/entry-details.ts';
import { apiClient } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import type { TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/*
 * The property (docs/behaviour.md#seasons): for any small journal, the contract's seasons.ts
 * over its visits (what the device computes offline from its copy) equals GET /seasonality,
 * with and without a species, a location and years. 1,000 journals on each database: each is
 * written straight into the tables in one transaction (details as the API writes them, with
 * their entry_finds rows), read through the API, and wiped, so a run costs a few statements
 * besides the two answers. test/seasonality.test.ts holds the API's writes to the same numbers.
 */

const leapYears = [2020, 2024];
const dateOf = fc
  .record({ year: fc.integer({ min: 2019, max: 2024 }), day: fc.integer({ min: 1, max: 366 }) })
  .map(({ year, day }) => {
    const date = new Date(Date.UTC(year, 0, day));
    // Day 366 of a common year is the next Jan 1: kept inside the year.
    const inYear =
      date.getUTCFullYear() === year || leapYears.includes(year)
        ? date
        : new Date(Date.UTC(year, 11, 31));
    return inYear.toISOString().slice(0, 10);
  });
const spelling = fc.constantFrom(
  'Cep',
  'cèp',
  'CEP',
  'Morel',
  'morel',
  'Chanterelle',
  'Velvet  shank',
);
const findArb = fc.record({
  species: spelling,
  quantity: fc.option(
    fc.integer({ min: 0, max: 10_000_000 }).map((thousandths) => thousandths / 1000),
  ),
  unit: fc.option(fc.constantFrom('count' as const, 'g' as const, 'kg' as const, 'l' as const)),
});
const entryArb = fc.record({
  date: dateOf,
  finds: fc.uniqueArray(findArb, { maxLength: 3, selector: (find) => speciesKey(find.species) }),
  nothingFound: fc.boolean(),
});
const journalArb = fc.array(fc.array(entryArb, { maxLength: 4 }), { minLength: 1, maxLength: 3 });
const askArb = fc.record({
  species: spelling,
  spot: fc.option(fc.nat()),
  from: fc.option(fc.integer({ min: 2018, max: 2025 })),
  years: fc.nat({ max: 4 }),
});

type Journal = typeof journalArb extends fc.Arbitrary<infer J> ? J : never;

const stamp = '2026-05-01T10:00:00.000Z';

/** The journal's rows, as the API would store them, and the visits the device would see. */
function rowsOf(userId: string, spots: Journal) {
  const locations: LocationsTable[] = [];
  const entries: EntriesTable[] = [];
  const visits: SeasonVisit[] = [];
  for (const [index, spotEntries] of spots.entries()) {
    const id = randomUUID();
    locations.push({
      ...{ id, user_id: userId, name: `Spot ${index}`, description: null, details: '{}' },
      ...{ lat: 60, lng: 15, favorite: 0, revision: 1, created_at: stamp, updated_at: stamp },
    });
    for (const entry of spotEntries) {
      const details = detailsAfter(
        entry.finds.length === 0 ? { nothingFound: entry.nothingFound } : { finds: entry.finds },
      );
      entries.push({
        ...{ id: randomUUID(), location_id: id, user_id: userId, date: entry.date },
        ...{ details: JSON.stringify(details), revision: 1, created_at: stamp, updated_at: stamp },
      });
      visits.push({ locationId: id, date: entry.date, finds: findsOfDetails(details) });
    }
  }
  return { locations, entries, visits };
}

async function writeJournal(t: TestApp, userId: string, spots: Journal) {
  const { locations, entries, visits } = rowsOf(userId, spots);
  const finds = entries.flatMap(findRowsOf);
  await t.app.db.transaction().execute(async (trx) => {
    await trx.insertInto('locations').values(locations).execute();
    if (entries.length > 0) await trx.insertInto('entries').values(entries).execute();
    if (finds.length > 0) await trx.insertInto('entry_finds').values(finds).execute();
  });
  return { ids: locations.map((location) => location.id), visits };
}

const runs = 1000;

describe.each(databaseKinds)('seasonality property on $name', (kind) => {
  const t = useTestApp(kind);

  it(`equals the contract for ${runs} random journals`, async () => {
    const user = await t.signUp();
    const call = apiClient(t.app, user.auth);
    const json = async (url: string) => {
      const res = await call('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: unknown }>().data;
    };
    await fc.assert(
      fc.asyncProperty(journalArb, askArb, async (spots, ask) => {
        const { ids, visits } = await writeJournal(t, user.id, spots);
        try {
          expect(await json('/seasonality')).toEqual(seasonSummaries(visits));
          const locationId = ask.spot === null ? undefined : ids[ask.spot % ids.length];
          const to = ask.from === null ? undefined : ask.from + ask.years;
          const query = new URLSearchParams({ species: ask.species });
          if (locationId) query.set('locationId', locationId);
          if (ask.from !== null) query.set('from', String(ask.from));
          if (to !== undefined) query.set('to', String(to));
          expect(await json(`/seasonality?${query.toString()}`)).toEqual(
            speciesSeason(visits, ask.species, {
              ...(locationId ? { locationId } : {}),
              ...(ask.from === null ? {} : { from: ask.from, to }),
            }),
          );
        } finally {
          // Entries and their finds go with their locations (on delete cascade).
          await t.app.db.deleteFrom('locations').where('user_id', '=', user.id).execute();
        }
      }),
      { numRuns: runs },
    );
  }, 600_000);
});

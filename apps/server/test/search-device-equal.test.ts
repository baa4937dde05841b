import { randomUUID } from 'node:crypto';
import type { Find } from '@fj/contract/finds';
import type { Location } from '@fj/contract/locations';
import type { SearchFacets } from '@fj/contract/search-facets';
import { searchJournal } from '@fj/contract/search-match';
import {
  facetsOfQuery,
  paramsObject,
  searchParamsOf,
  searchQuerySchema,
} from '@fj/contract/search-params';
import { formatQuery } from '@fj/contract/search-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { seedJournal, type SearchSpot } from './helpers/search-journal.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/*
 * The device's search (searchJournal over GET /locations, as the app's local copy holds it) and
 * the server's, over the same random journals and queries: the same spots, in the same order,
 * with the same entries.
 */

const words = [
  'Oak',
  'oak',
  'ÖAK',
  'Chêne',
  'chene',
  'Cèpe',
  'CEPE',
  'morel',
  'c++',
  '100%',
  '_x_',
  "it's",
  'a"b',
  '🍄',
  'ash',
];
const word = fc.constantFrom(...words);
const labels = fc.constantFrom('Oak', 'oak ', 'Chêne', 'CHENE', 'Ash', 'Forest', 'forêt', 'Fungi');
const speciesNames = fc.constantFrom('Chanterelle', 'chanterelle', 'Cèpe', 'Morel', 'Trompette');
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));

const finds = fc
  .uniqueArray(
    fc.record({
      species: speciesNames,
      quantity: optional(fc.integer({ min: 0, max: 20 })),
      unit: optional(fc.constantFrom('count' as const, 'g' as const, 'kg' as const)),
    }),
    { maxLength: 3, selector: (find) => find.species.toLowerCase() },
  )
  .map((list) =>
    list.map((find): Find => ({
      species: find.species,
      quantity: find.quantity ?? null,
      unit: find.unit ?? null,
    })),
  );

const entry = fc.record({
  date: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2024-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  notes: optional(text),
  finds,
});

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ] as [number, number][],
  ],
};

const spot = fc.record({
  name: text,
  description: optional(text),
  position: fc.record({
    lat: fc.integer({ min: 40, max: 60 }),
    lng: fc.integer({ min: -5, max: 15 }),
  }),
  terrainType: optional(labels),
  treeTypes: optional(
    fc.uniqueArray(labels, { maxLength: 2, selector: (l) => l.trim().toLowerCase() }),
  ),
  categories: optional(
    fc.uniqueArray(labels, { maxLength: 2, selector: (l) => l.trim().toLowerCase() }),
  ),
  favorite: fc.boolean(),
  access: optional(
    fc.record({
      status: fc.constantFrom('open' as const, 'ask' as const, 'closed' as const),
      note: optional(text),
    }),
  ),
  area: optional(fc.constant(square)),
  entries: fc.array(entry, { maxLength: 4 }),
});

const facetValues = {
  species: fc.array(speciesNames, { minLength: 1, maxLength: 2 }),
  terrain: fc.array(labels, { minLength: 1, maxLength: 2 }),
  tree: fc.array(labels, { minLength: 1, maxLength: 2 }),
  category: fc.array(labels, { minLength: 1, maxLength: 2 }),
  months: fc.record({
    from: fc.integer({ min: 1, max: 12 }),
    to: fc.integer({ min: 1, max: 12 }),
  }),
  year: fc.integer({ min: 2020, max: 2024 }),
  minQuantity: fc.integer({ min: 0, max: 20 }),
  unit: fc.constantFrom('count' as const, 'g' as const, 'kg' as const),
  access: fc.array(
    fc.constantFrom('open' as const, 'ask' as const, 'closed' as const, 'no-foraging' as const),
    { minLength: 1, maxLength: 2 },
  ),
  kind: fc.constantFrom('point' as const, 'patch' as const),
  favorite: fc.boolean(),
  bbox: fc.tuple(
    fc.integer({ min: -10, max: 10 }),
    fc.integer({ min: 35, max: 50 }),
    fc.integer({ min: -10, max: 20 }),
    fc.integer({ min: 50, max: 65 }),
  ),
  text: fc.array(word, { minLength: 1, maxLength: 2 }),
  exclude: fc.array(word, { minLength: 1, maxLength: 1 }),
};
type FacetKey = keyof typeof facetValues;

/** At most three facets at once: more would leave almost every answer empty. */
const facets: fc.Arbitrary<SearchFacets> = fc
  .subarray(Object.keys(facetValues) as FacetKey[], { maxLength: 3 })
  .chain((keys) =>
    fc.record(
      Object.fromEntries(keys.map((key) => [key, facetValues[key]])) as Record<
        FacetKey,
        fc.Arbitrary<unknown>
      >,
    ),
  )
  .map((record) => record as SearchFacets);

/** A query as a client sends it: facets as parameters, or the box's text when it can say them. */
const request = fc.tuple(facets, fc.boolean()).map(([asked, inTheBox]) => {
  const boxable =
    asked.minQuantity === undefined && asked.unit === undefined && asked.bbox === undefined;
  const params =
    inTheBox && boxable ? new URLSearchParams({ q: formatQuery(asked) }) : searchParamsOf(asked);
  params.set('limit', '1000');
  return params;
});

describe.each(databaseKinds)('the device searches as the server on $name', (kind) => {
  const t = useTestApp(kind);

  it('gives the same spots and entries, in the same order', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(spot, { minLength: 1, maxLength: 6 }),
        fc.array(request, { minLength: 8, maxLength: 8 }),
        async (spots, requests) => {
          const who = await t.signUp();
          const journal: SearchSpot[] = spots.map(({ entries, ...fields }) => ({
            fields: { ...fields, id: randomUUID() },
            entries: entries.map((visit) => ({ ...visit, id: randomUUID() })),
          }));
          await seedJournal(t, who, journal);
          const list = (
            await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: who.auth })
          ).json<{ data: Location[] }>().data;
          for (const params of requests) {
            const res = await t.app.inject({
              method: 'GET',
              url: `/api/v1/search?${params}`,
              headers: who.auth,
            });
            expect(res.statusCode, `${params}: ${res.body}`).toBe(200);
            const server = res.json<{ data: { location: Location; entryIds: string[] }[] }>().data;
            const asked = facetsOfQuery(searchQuerySchema.parse(paramsObject(params)));
            const device = searchJournal(list, asked);
            const ids = (matches: { location: Location; entryIds: string[] }[]) =>
              matches.map((match) => [match.location.id, match.entryIds]);
            expect(ids(server), params.toString()).toEqual(ids(device));
            if (server.length > 0) nonEmpty += 1;
          }
        },
      ),
      { numRuns: 12 },
    );
    // The answers compared were not all empty.
    expect(nonEmpty).toBeGreaterThan(20);
    // A dozen journals written through the API: minutes on a loaded machine.
  }, 300_000);
});

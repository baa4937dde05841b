import { normalizeSearch } from '@fj/contract/search-match';
import type { SearchFacets } from '@fj/contract/search-facets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planOf } from '../src/modules/search/plan.ts';
import { searchStatements } from '../src/modules/search/repository.ts';
import { databaseKinds } from './helpers/databases.ts';
import { expectIndexFresh, expectSearchAsDevice } from './helpers/search-index-check.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/*
 * The search index follows every write in the write's own transaction (db/search-index.ts):
 * after each kind of write the index equals one built afresh, and GET /search answers as the
 * device does over GET /locations. Another user's identical journal never answers.
 */

/** One query per driver and facet (modules/search/plan.ts), words split by a newline too. */
const queries = [
  '',
  'q=ceps',
  'q=pine',
  'q=chanterelle tree:oak',
  'species=Cep',
  'species=Girolle&months=6-8',
  'months=11-2',
  'year=2026',
  'minQuantity=0.7',
  'minQuantity=0.7&unit=kg',
  'text=hill&exclude=morels',
  'text=wood%0Aunder',
  'text=hill%0Aby',
  'text=wood%0Ahill',
  'exclude=wood%0Aunder',
  'terrain=forest&category=fungi',
  'kind=patch',
  'favorite=true',
  'access=ask',
  'bbox=10,50,20,70',
  'text=it',
];

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

// Each test makes dozens of writes and compares the whole index after each one: minutes'
// worth of work on a busy two-core machine, so more time than the default 30 s (no timing asserted).
describe.each(databaseKinds)(
  'the search index follows every write on $name',
  { timeout: 120_000 },
  (kind) => {
    const t = useTestApp(kind);
    const call = (
      who: TestUser,
      method: 'PUT' | 'DELETE' | 'POST',
      url: string,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: who.auth,
        ...(payload ? { payload } : {}),
      });
    const check = async (who: TestUser) => {
      await expectIndexFresh(t);
      await expectSearchAsDevice(t, who, queries);
    };

    it('location and entry create, update and delete; species rename', async () => {
      const user = await t.signUp();
      const spot = await seedLocation(t, user, {
        name: 'Birch hill',
        description: 'by the old wood',
        treeTypes: ['Oak', 'Pine'],
        categories: ['Fungi'],
        terrainType: 'Forest',
      });
      const { entry } = await seedEntry(t, user, spot.id, {
        date: '2026-07-02',
        notes: 'Under the ceps',
        finds: [{ species: 'Cep', quantity: 0.7, unit: 'kg' }],
      });
      await seedEntry(t, user, spot.id, { date: '2025-12-01', finds: [{ species: 'Girolle' }] });
      const other = await seedLocation(t, user, { name: 'It meadow', area: square });
      await check(user);
      const spotUrl = `/locations/${spot.id}`;
      for (const change of [
        { name: 'Pine wood', description: 'hill by the mill' },
        { treeTypes: ['Ash'], categories: [], terrainType: 'Meadow' },
        { access: { status: 'ask', note: 'Ring the morels farm' }, favorite: true },
        { position: { lat: 60, lng: 15 }, area: square },
      ]) {
        expect((await call(user, 'PUT', spotUrl, change)).statusCode).toBe(200);
        await check(user);
      }
      const entryUrl = `${spotUrl}/entries/${entry.id}`;
      for (const change of [
        { date: '2026-01-15' },
        { notes: 'morels by the stump', finds: [{ species: 'Chanterelle', quantity: 3 }] },
        { nothingFound: true },
      ]) {
        expect((await call(user, 'PUT', entryUrl, change)).statusCode).toBe(200);
        await check(user);
      }
      const renamed = await call(user, 'POST', '/species/rename', { from: 'girolle', to: 'Cep' });
      expect(renamed.json()).toEqual({ data: { entries: 1, locations: 0 } });
      await check(user);
      expect((await call(user, 'DELETE', entryUrl)).statusCode).toBe(200);
      await check(user);
      expect((await call(user, 'DELETE', `/locations/${other.id}`)).statusCode).toBe(204);
      await check(user);
    });

    it('import, restore, account deletion; another user’s identical journal never answers', async () => {
      const user = await t.signUp();
      const spot = await seedLocation(t, user, { name: 'Old wood', treeTypes: ['Oak'] });
      await seedEntry(t, user, spot.id, {
        notes: 'under the ceps',
        finds: [{ species: 'Cep', quantity: 0.7, unit: 'kg' }],
      });
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/v1/export?format=geojson',
        headers: user.auth,
      });
      const backup = await t.app.inject({
        method: 'GET',
        url: '/api/v1/backup',
        headers: user.auth,
      });
      const before = await t.app.inject({
        method: 'GET',
        url: '/api/v1/search',
        headers: user.auth,
      });
      const importer = await t.signUp();
      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/v1/import?format=geojson',
        headers: { ...importer.auth, 'content-type': 'application/octet-stream' },
        payload: exported.body,
      });
      expect(imported.statusCode).toBe(200);
      await check(importer);
      const restorer = await t.signUp();
      const restored = await t.app.inject({
        method: 'POST',
        url: '/api/v1/import',
        headers: { ...restorer.auth, 'content-type': 'application/zip' },
        payload: backup.rawPayload,
      });
      expect(restored.statusCode).toBe(200);
      await check(restorer);
      // The first user's answers are theirs alone, as before the others wrote the same journal.
      for (const query of queries) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/search?${query}`,
          headers: user.auth,
        });
        const ids = res.json<{ data: { location: { id: string } }[] }>().data;
        expect(
          ids.every(({ location }) => location.id === spot.id),
          query,
        ).toBe(true);
      }
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/v1/search',
        headers: user.auth,
      });
      expect(again.json()).toEqual(before.json());
      const deleted = await t.app.inject({
        method: 'POST',
        url: '/api/auth/delete-user',
        headers: { authorization: `Bearer ${restorer.sessionToken}` },
        payload: { password: restorer.password },
      });
      expect(deleted.statusCode).toBe(200);
      await expectIndexFresh(t);
    });

    it('reads through a few statements, whatever is asked', () => {
      const facets: fc.Arbitrary<SearchFacets> = fc.record(
        {
          species: fc.array(fc.string(), { maxLength: 50 }),
          tree: fc.array(fc.string(), { maxLength: 50 }),
          terrain: fc.array(fc.string(), { maxLength: 50 }),
          text: fc.array(fc.string(), { maxLength: 50 }),
          exclude: fc.array(fc.string(), { maxLength: 50 }),
          months: fc.record({ from: fc.integer({ min: 1, max: 12 }), to: fc.constant(3) }),
          year: fc.integer({ min: 1900, max: 2100 }),
          minQuantity: fc.double({ min: 0, max: 100, noNaN: true }),
          favorite: fc.boolean(),
        },
        { requiredKeys: [] },
      );
      const texts = new Set<string>();
      fc.assert(
        fc.property(facets, (asked) => {
          const plan = planOf(normalizeSearch(asked));
          const page = { limit: 100, offset: 0 };
          texts.add(searchStatements.rank(kind.name, 'u', plan, page).compile(t.app.db).sql);
          texts.add(searchStatements.visitsOf(kind.name, 'u', plan, ['a']).compile(t.app.db).sql);
        }),
        { numRuns: 2_000 },
      );
      // One text per combination of the plan's flags a search can have (driver, spot facets, the
      // finds' visit row, spots alone, unit or quantity asked, words the index decides on SQLite).
      expect(texts.size).toBeLessThanOrEqual(30);
    });
  },
);

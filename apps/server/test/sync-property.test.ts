import type { Location } from '@fj/contract/locations';
import type { SavedSearch } from '@fj/contract/saved-searches';
import { applySyncAnswer, type SyncState } from '@fj/contract/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiClient, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { listOf, syncOf } from './helpers/sync.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** One step of a random session: a write through the API, or a sync of the client. */
type Step =
  | { op: 'addLocation'; name: string }
  | { op: 'editLocation'; pick: number; name: string; favorite: boolean }
  | { op: 'deleteLocation'; pick: number }
  | { op: 'restoreLocation'; pick: number }
  | { op: 'addEntry'; pick: number; day: number }
  | { op: 'editEntry'; pick: number; notes: string }
  | { op: 'deleteEntry'; pick: number }
  | { op: 'editPreferences'; terrain: string[] }
  | { op: 'saveSearch'; name: string }
  | { op: 'editSearch'; pick: number; name: string }
  | { op: 'deleteSearch'; pick: number }
  | { op: 'sync' };

const label = fc.constantFrom('moss', 'fern', 'birch', 'scree', 'bog', 'ridge');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('addLocation' as const), name: label }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('editLocation' as const),
      pick: fc.nat(),
      name: label,
      favorite: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('deleteLocation' as const), pick: fc.nat() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('restoreLocation' as const), pick: fc.nat() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('addEntry' as const),
      pick: fc.nat(),
      day: fc.integer({ min: 1, max: 28 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('editEntry' as const), pick: fc.nat(), notes: label }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteEntry' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('editPreferences' as const),
      terrain: fc.array(label, { maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('saveSearch' as const), name: label }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('editSearch' as const), pick: fc.nat(), name: label }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteSearch' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('sync' as const) }) },
);

/** What the session knows of the server, to aim its writes: live ids, and deleted ones. */
interface Known {
  locations: Location[];
  deleted: string[];
  searches: SavedSearch[];
}

const pickFrom = <T>(list: readonly T[], pick: number): T | undefined => list[pick % list.length];

async function write(call: Call, known: Known, s: Step): Promise<void> {
  const location = 'pick' in s ? pickFrom(known.locations, s.pick) : undefined;
  const entries = known.locations.flatMap((l) => l.entries.map((e) => ({ l, e })));
  const entry = 'pick' in s ? pickFrom(entries, s.pick) : undefined;
  const path = (l: Location) => `/locations/${l.id}`;
  switch (s.op) {
    case 'addLocation':
      await call('POST', '/locations', { name: s.name, position: { lat: 1, lng: 2 } });
      break;
    case 'editLocation':
      if (location) await call('PUT', path(location), { name: s.name, favorite: s.favorite });
      break;
    case 'deleteLocation':
      if (location) {
        await call('DELETE', path(location));
        known.deleted.push(location.id);
      }
      break;
    case 'restoreLocation': {
      // The same id made again after its deletion (a client's retry can do this).
      const id = pickFrom(known.deleted, s.pick);
      if (id && !known.locations.some((l) => l.id === id))
        await call('POST', '/locations', { id, name: 'again', position: { lat: 3, lng: 4 } });
      break;
    }
    case 'addEntry':
      if (location)
        await call('POST', `${path(location)}/entries`, {
          date: `2026-06-${String(s.day).padStart(2, '0')}`,
        });
      break;
    case 'editEntry':
      if (entry) await call('PUT', `${path(entry.l)}/entries/${entry.e.id}`, { notes: s.notes });
      break;
    case 'deleteEntry':
      if (entry) await call('DELETE', `${path(entry.l)}/entries/${entry.e.id}`);
      break;
    case 'editPreferences':
      await call('PUT', '/preferences/terrain', { terrainTypes: s.terrain });
      break;
    case 'saveSearch':
      await call('POST', '/searches', { name: s.name, query: `tree:${s.name}` });
      break;
    case 'editSearch': {
      const search = pickFrom(known.searches, s.pick);
      if (search) await call('PUT', `/searches/${search.id}`, { name: s.name });
      break;
    }
    case 'deleteSearch': {
      const search = pickFrom(known.searches, s.pick);
      if (search) await call('DELETE', `/searches/${search.id}`);
      break;
    }
    case 'sync':
      break;
  }
}

async function searchesOf(t: TestApp, user: TestUser): Promise<SavedSearch[]> {
  const res = await apiClient(t.app, user.auth)('GET', '/searches');
  return res.json<{ data: SavedSearch[] }>().data;
}

async function preferencesOf(t: TestApp, user: TestUser) {
  const res = await apiClient(t.app, user.auth)('GET', '/preferences');
  return res.json<{ data: unknown }>().data;
}

describe.each(databaseKinds)('sync answers applied in order on $name', (kind) => {
  const t = useTestApp(kind);

  it('give an empty client exactly GET /locations (and the preferences), after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 24 }), async (steps) => {
        const user = await t.signUp();
        const call = apiClient(t.app, user.auth);
        const known: Known = { locations: [], deleted: [], searches: [] };
        let client: SyncState = { cursor: null, locations: [] };
        const syncAndCompare = async () => {
          const answer = await syncOf(t, user, client.cursor ?? undefined);
          client = applySyncAnswer(client, answer);
          const list = await listOf(t, user);
          expect(client.locations).toEqual(list.data);
          expect(client.preferences).toEqual(await preferencesOf(t, user));
          expect(client.searches).toEqual(await searchesOf(t, user));
          known.locations = list.data;
        };
        for (const s of steps) {
          if (s.op === 'sync') await syncAndCompare();
          else {
            await write(call, known, s);
            known.locations = (await listOf(t, user)).data;
            known.searches = await searchesOf(t, user);
          }
        }
        await syncAndCompare();
      }),
      { numRuns: 25 },
    );
    // 25 journeys of up to 24 writes and syncs, each compared with fresh reads: 7 s on
    // PostgreSQL on a quiet machine, past the default 30 s beside the browser files in CI.
  }, 120_000);
});

import type { SyncAnswer } from '@fj/contract/sync';
import { describe, expect, it } from 'vitest';
import { makeEntry, makeLocation } from '../testing/factories.ts';
import { json } from '../testing/fake-fetch.ts';
import { serverPrefs } from '../testing/fixtures.ts';
import { settle, setUpStoreTests, signedInStore } from '../testing/store-kit.ts';

const t = setUpStoreTests();

const older = makeLocation({
  id: 'a',
  updatedAt: '2024-05-01T00:00:00.000Z',
  entries: [makeEntry({ id: 'a1', locationId: 'a' }), makeEntry({ id: 'a2', locationId: 'a' })],
});
const newer = makeLocation({ id: 'b', updatedAt: '2024-05-02T00:00:00.000Z' });

/** GET /locations as this server answers it: the list, and the cursor to continue from. */
function listWithCursor(cursor: string) {
  t.server.on(
    'GET /api/v1/locations',
    () =>
      new Response(JSON.stringify({ data: [newer, older] }), {
        headers: { 'content-type': 'application/json', 'sync-cursor': cursor },
      }),
  );
}

const changes = (fields: Partial<SyncAnswer>): SyncAnswer => ({
  cursor: 'c2',
  full: false,
  locations: [],
  deleted: { locations: [], entries: [] },
  ...fields,
});

const syncCalls = () => t.server.calls.filter((call) => call.url.startsWith('/api/v1/sync'));
const listCalls = () => t.server.callsTo('GET /api/v1/locations').length;

describe('refreshing the location list (docs/behaviour.md#location-loading)', () => {
  it('reads the whole list first, then only the changes since its cursor, applied in place', async () => {
    listWithCursor('c1');
    const changed = makeLocation({
      id: 'a',
      name: 'Renamed',
      updatedAt: '2024-05-03T00:00:00.000Z',
    });
    const added = makeLocation({ id: 'c', updatedAt: '2024-04-01T00:00:00.000Z' });
    t.server.on('GET /api/v1/sync?since=c1', () =>
      json(changes({ locations: [changed, added], deleted: { locations: ['b'], entries: [] } })),
    );
    const store = await signedInStore();
    await store.getState().fetchLocations();
    expect(store.getState().locations.map((l) => l.id)).toEqual(['b', 'a']);
    expect(store.getState().syncCursor).toBe('c1');

    await store.getState().fetchLocations(true);
    expect(listCalls()).toBe(1);
    expect(store.getState().locations).toEqual([changed, added]);
    expect(store.getState().syncCursor).toBe('c2');
    expect(store.getState().locationsLoading).toBe(false);
    expect(store.getState().lastLocationsFetch).toBe(Date.now());

    // The next refresh continues from the new cursor.
    t.server.on('GET /api/v1/sync?since=c2', () =>
      json(changes({ cursor: 'c3', deleted: { locations: [], entries: ['a1'] } })),
    );
    await store.getState().fetchLocations(true);
    expect(syncCalls().map((call) => call.url)).toEqual([
      '/api/v1/sync?since=c1',
      '/api/v1/sync?since=c2',
    ]);
    expect(store.getState().locations).toEqual([changed, added]);
  });

  it('removes deleted entries from the locations it keeps', async () => {
    listWithCursor('c1');
    t.server.on('GET /api/v1/sync?since=c1', () =>
      json(changes({ deleted: { locations: [], entries: ['a2'] } })),
    );
    const store = await signedInStore();
    await store.getState().fetchLocations();
    await store.getState().fetchLocations(true);
    const a = store.getState().locations.find((l) => l.id === 'a');
    expect(a?.entries.map((e) => e.id)).toEqual(['a1']);
  });

  it('replaces everything when the server refuses the cursor (400) and answers in full', async () => {
    listWithCursor('c1');
    t.server.on('GET /api/v1/sync?since=c1', () =>
      json(
        { error: { code: 'VALIDATION_FAILED', message: 'since: no', fields: { since: 'no' } } },
        400,
      ),
    );
    t.server.on('GET /api/v1/sync', () =>
      json(changes({ full: true, cursor: 'c9', locations: [newer], preferences: serverPrefs })),
    );
    const store = await signedInStore();
    await store.getState().fetchLocations();
    await store.getState().fetchLocations(true);
    expect(store.getState().locations).toEqual([newer]);
    expect(store.getState().syncCursor).toBe('c9');
    expect(store.getState().locationsError).toBeNull();
  });

  it('reads the whole list each time from a server without a cursor or without /sync', async () => {
    const store = await signedInStore();
    await store.getState().fetchLocations();
    await store.getState().fetchLocations(true);
    expect(listCalls()).toBe(2);
    expect(syncCalls()).toEqual([]);

    // A cursor, then no /sync (404): the whole list again.
    listWithCursor('c1');
    const other = await signedInStore();
    await other.getState().fetchLocations();
    await other.getState().fetchLocations(true);
    expect(syncCalls().map((call) => call.url)).toEqual(['/api/v1/sync?since=c1']);
    expect(other.getState().locations.map((l) => l.id)).toEqual(['b', 'a']);
    expect(other.getState().locationsError).toBeNull();
  });

  it("fails a refresh with 'Failed to load locations' and keeps what it had", async () => {
    listWithCursor('c1');
    t.server.on('GET /api/v1/sync?since=c1', () => json({}, 500));
    const store = await signedInStore();
    await store.getState().fetchLocations();
    await store.getState().fetchLocations(true);
    expect(store.getState().locationsError).toBe('Failed to load locations');
    expect(store.getState().locations.map((l) => l.id)).toEqual(['b', 'a']);
    expect(store.getState().syncCursor).toBe('c1');
  });

  it('takes preferences a refresh brings as the species, terrain and tree lists', async () => {
    listWithCursor('c1');
    const changedPrefs = {
      ...serverPrefs,
      customSpeciesCategories: ['lichens'],
      customSpecies: { lichens: ['reindeer'] },
      customTerrainTypes: ['scree'],
    };
    t.server.on('GET /api/v1/sync?since=c1', () => json(changes({ preferences: changedPrefs })));
    const store = await signedInStore();
    await store.getState().fetchLocations();
    expect(store.getState().speciesCategories).toHaveProperty('mushrooms');
    await store.getState().fetchLocations(true);
    expect(store.getState().speciesCategories).toEqual({ lichens: ['reindeer'] });
    expect(store.getState().terrainOptions.custom).toEqual(['scree']);
  });

  it('leaves the lists alone while an edit of them is on its way (the next refresh brings it)', async () => {
    listWithCursor('c1');
    t.server.on('GET /api/v1/sync?since=c1', () =>
      json(changes({ preferences: { ...serverPrefs, customTerrainTypes: ['before the edit'] } })),
    );
    let answer: (response: Response) => void = () => undefined;
    t.server.on('PUT /api/v1/preferences/terrain', () => new Promise((r) => (answer = r)));
    const store = await signedInStore();
    await store.getState().fetchLocations();
    const adding = store.getState().addCustomTerrain('bog');
    await settle();
    await store.getState().fetchLocations(true);
    expect(store.getState().terrainOptions.custom).toEqual(['forest', 'meadow', 'bog']);
    answer(json({ data: serverPrefs }));
    await adding;
  });

  it('starts again from the whole list for the next user', async () => {
    listWithCursor('c1');
    const store = await signedInStore();
    await store.getState().fetchLocations();
    store.getState().setUser('user-2');
    expect(store.getState().syncCursor).toBeNull();
    await store.getState().fetchLocations();
    expect(listCalls()).toBe(2);
  });
});

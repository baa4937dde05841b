import { describe, expect, it } from 'vitest';
import { json } from '../testing/fake-fetch.ts';
import { loadStore, settle, setUpStoreTests, signedInStore } from '../testing/store-kit.ts';

const t = setUpStoreTests();
const prefReads = () => t.server.callsTo('GET /api/v1/preferences').length;

describe('start-up and species loading', () => {
  it('fetches species when signed in and none are stored', async () => {
    const store = await signedInStore();
    expect(prefReads()).toBe(1);
    expect(store.getState().speciesCategories).toEqual({ mushrooms: ['morel'], herbs: ['mint'] });
    // Every name the server holds, also those that repeat a built-in one.
    expect(store.getState().terrainOptions.custom).toEqual(['forest', 'meadow']);
    expect(store.getState().treeOptions.custom).toEqual(['oak', 'yew']);
    expect(store.getState().speciesLoading).toBe(false);
  });

  it('does not fetch species when some are stored', async () => {
    localStorage.setItem(
      'foraging-journal-store',
      JSON.stringify({
        state: {
          speciesCategories: { nuts: ['hazel'] },
          terrainOptions: { default: [], custom: [] },
          treeOptions: { default: [], custom: [] },
        },
        version: 2,
      }),
    );
    const store = await signedInStore();
    expect(prefReads()).toBe(0);
    expect(store.getState().speciesCategories).toEqual({ nuts: ['hazel'] });
  });

  it("sets 'Failed to load species data' when the fetch fails", async () => {
    t.server.on('GET /api/v1/preferences', () => json({}, 500));
    const store = await signedInStore();
    expect(store.getState().speciesError).toBe('Failed to load species data');
    expect(store.getState().speciesLoading).toBe(false);
  });

  it('tidies species lists: trimmed, empty dropped, duplicates removed', async () => {
    t.server.on('GET /api/v1/preferences', () =>
      json({ data: { categories: [' herbs '], species: { herbs: [' mint', 'mint', ''] } } }),
    );
    const store = await signedInStore();
    expect(store.getState().speciesCategories).toEqual({ herbs: ['mint'] });
  });

  it('skips a species fetch while one is running', async () => {
    const store = await loadStore();
    store.getState().setUser('user-1');
    void store.getState().fetchSpecies(true);
    await settle();
    expect(prefReads()).toBe(1);
  });
});

describe('without a signed-in user', () => {
  it('species and location fetches log a warning and do nothing', async () => {
    const store = await loadStore();
    const state = store.getState();
    await state.fetchSpecies();
    await state.addSpeciesCategory('nuts');
    await state.addSpecies('herbs', 'mint');
    await state.removeSpeciesCategory('herbs');
    await state.addCustomTerrain('Bog');
    await state.addCustomTree('Yew');
    await state.fetchLocations();
    expect(t.server.calls).toHaveLength(0);
    expect(t.warn).toHaveBeenCalledTimes(7);
    expect(store.getState().speciesCategories).toEqual({});
  });

  it("location and entry writes fail with 'User not authenticated'", async () => {
    const store = await loadStore();
    const state = store.getState();
    const input = { name: 'Glade', position: { lat: 1, lng: 2 } };
    await expect(state.addLocation(input)).rejects.toThrow('User not authenticated');
    await expect(state.updateLocation('l1', { name: 'x' })).rejects.toThrow(
      'User not authenticated',
    );
    await expect(state.deleteLocation('l1')).rejects.toThrow('User not authenticated');
    await expect(state.addEntry('l1', { date: '2024-05-01' })).rejects.toThrow(
      'User not authenticated',
    );
    await expect(state.updateEntry('l1', 'e1', { notes: 'x' })).rejects.toThrow(
      'User not authenticated',
    );
    await expect(state.deleteEntry('l1', 'e1')).rejects.toThrow('User not authenticated');
    expect(t.server.calls).toHaveLength(0);
  });
});

describe('reset and user changes', () => {
  it('reset() clears the whole store and its stored copy', async () => {
    const store = await signedInStore();
    await store.getState().fetchLocations();
    await store.getState().addCustomTerrain('Bog');
    expect(localStorage.getItem('foraging-journal-store')).not.toBeNull();
    store.getState().reset();
    const state = store.getState();
    expect(state.userId).toBeNull();
    expect(state.locations).toEqual([]);
    expect(state.speciesCategories).toEqual({});
    expect(state.terrainOptions.custom).toEqual([]);
    expect(state.lastLocationsFetch).toBeNull();
    expect(localStorage.getItem('foraging-journal-store')).toBeNull();
  });

  it("another user's sign-in starts from a clean store", async () => {
    const store = await signedInStore();
    await store.getState().fetchLocations();
    store.getState().setUser('user-2');
    expect(store.getState().locations).toEqual([]);
    expect(store.getState().userId).toBe('user-2');
  });
});

describe('what others share with the user', () => {
  it('is read after each journal read, and forgotten when another user signs in', async () => {
    const grant = {
      id: 'g1',
      from: { name: 'Anna' },
      status: 'accepted',
      precision: 'hidden',
      expiresAt: '2024-07-01T00:00:00.000Z',
      locations: [{ id: 'o1', name: 'Birch slope', entries: [] }],
    };
    t.server.on('GET /api/v1/shared', () => json({ data: [grant] }));
    const store = await signedInStore();
    await store.getState().fetchLocations(true);
    await settle();
    expect(store.getState().sharedWithMe).toEqual([grant]);
    await store.getState().fetchLocations();
    await settle();
    // A read skipped (under 30 s) is no sync: the shares are not read again either.
    expect(t.server.callsTo('GET /api/v1/shared')).toHaveLength(1);
    store.getState().setUser('user-2');
    expect(store.getState().sharedWithMe).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { json } from '../testing/fake-fetch.ts';
import { serverPrefs } from '../testing/fixtures.ts';
import { loadStore, settle, setUpStoreTests } from '../testing/store-kit.ts';

const t = setUpStoreTests();
const bodies = (key: string) => t.server.callsTo(key).map((call) => call.body);

/** A new user's record as the server creates it (docs/behaviour.md#defaults). */
const newUserPrefs = {
  ...serverPrefs,
  customSpeciesCategories: ['mushrooms', 'berries', 'herbs'],
  customSpecies: { mushrooms: ['chanterelle'], berries: ['blackberry'], herbs: ['mint'] },
  customTerrainTypes: ['forest', 'meadow', 'riverbank'],
  customTreeTypes: ['oak', 'maple', 'pine'],
};

describe('no edit loses a preference value', () => {
  it("a new user's first terrain and tree edits keep every name the server held", async () => {
    t.server.on('GET /api/v1/preferences', () => json({ data: newUserPrefs }));
    const store = await loadStore();
    store.getState().setUser('user-1');
    await settle();
    await store.getState().addCustomTerrain('Scree');
    await store.getState().addCustomTree('Rowan');
    expect(bodies('PUT /api/v1/preferences/terrain')).toEqual([
      { terrainTypes: ['forest', 'meadow', 'riverbank', 'Scree'] },
    ]);
    expect(bodies('PUT /api/v1/preferences/trees')).toEqual([
      { treeTypes: ['oak', 'maple', 'pine', 'Rowan'] },
    ]);
  });

  it('removing one name removes only that one, also a name that repeats a built-in', async () => {
    t.server.on('GET /api/v1/preferences', () => json({ data: newUserPrefs }));
    const store = await loadStore();
    store.getState().setUser('user-1');
    await settle();
    await store.getState().removeCustomTerrain('forest');
    expect(bodies('PUT /api/v1/preferences/terrain')).toEqual([
      { terrainTypes: ['meadow', 'riverbank'] },
    ]);
  });

  it('lists stored on this device are read from the server before the first edit', async () => {
    // Stored earlier on this device: species there, so start-up fetches nothing (docs/behaviour.md#start-up).
    localStorage.setItem(
      'foraging-journal-store',
      JSON.stringify({
        version: 2,
        state: {
          speciesCategories: { herbs: ['mint'] },
          terrainOptions: { default: [], custom: ['Bog'] },
          treeOptions: { default: [], custom: [] },
        },
      }),
    );
    t.server.on('PUT /api/v1/preferences/species/herbs', () => json({ data: serverPrefs }));
    const store = await loadStore();
    store.getState().setUser('user-1');
    await settle();
    expect(t.server.callsTo('GET /api/v1/preferences')).toHaveLength(0);
    await store.getState().addCustomTerrain('Scree');
    await store.getState().addSpeciesCategory('nuts');
    await store.getState().addSpecies('herbs', 'thyme');
    // One read, then edits on top of what the server holds (serverPrefs), not the stored copy.
    expect(t.server.callsTo('GET /api/v1/preferences')).toHaveLength(1);
    expect(bodies('PUT /api/v1/preferences/terrain')).toEqual([
      { terrainTypes: ['forest', 'meadow', 'Scree'] },
    ]);
    expect(bodies('PUT /api/v1/preferences/categories')).toEqual([
      { categories: ['mushrooms', 'herbs', 'nuts'] },
    ]);
    expect(bodies('PUT /api/v1/preferences/species/herbs')).toEqual([
      { species: ['mint', 'thyme'] },
    ]);
  });

  it('edits made while the first read is under way all land, in order', async () => {
    const store = await loadStore();
    store.getState().setUser('user-1');
    const first = store.getState().addCustomTerrain('Scree');
    const second = store.getState().addCustomTerrain('Bog');
    await Promise.all([first, second]);
    expect(bodies('PUT /api/v1/preferences/terrain')).toEqual([
      { terrainTypes: ['forest', 'meadow', 'Scree'] },
      { terrainTypes: ['forest', 'meadow', 'Scree', 'Bog'] },
    ]);
  });

  it('when the saved lists cannot be read, nothing is written over them (logged only)', async () => {
    t.server.on('GET /api/v1/preferences', () => json({ error: { code: 'INTERNAL' } }, 500));
    const store = await loadStore();
    store.getState().setUser('user-1');
    await store.getState().addCustomTerrain('Scree');
    await settle();
    expect(bodies('PUT /api/v1/preferences/terrain')).toEqual([]);
    expect(t.error).toHaveBeenCalledWith(
      'Failed to update terrain types: the saved lists could not be read first',
    );
  });

  it('after a reset (sign-out), the lists are read again before the next edit', async () => {
    const store = await loadStore();
    store.getState().setUser('user-1');
    await settle();
    store.getState().reset();
    store.getState().setUser('user-1');
    await store.getState().addCustomTree('Rowan');
    expect(bodies('PUT /api/v1/preferences/trees')).toEqual([
      { treeTypes: ['oak', 'yew', 'Rowan'] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { json } from '../testing/fake-fetch.ts';
import { serverPrefs } from '../testing/fixtures.ts';
import { loadStore, setUpStoreTests, signedInStore } from '../testing/store-kit.ts';

const t = setUpStoreTests();
const bodies = (key: string) => t.server.callsTo(key).map((call) => call.body);
const oddNames = ['constructor', 'toString', '__proto__'] as const;

describe('odd names are names like any other', () => {
  it.each(oddNames)('category %s: added, given a species, saved, removed', async (name) => {
    const path = `PUT /api/v1/preferences/species/${encodeURIComponent(name)}`;
    t.server.on(path, () => json({ data: serverPrefs }));
    const store = await signedInStore();
    await store.getState().addSpeciesCategory(name);
    expect(Object.keys(store.getState().speciesCategories)).toEqual(['mushrooms', 'herbs', name]);
    expect(Object.getPrototypeOf(store.getState().speciesCategories)).toBe(Object.prototype);
    await store.getState().addSpecies(name, 'hazel');
    expect(Object.entries(store.getState().speciesCategories)).toContainEqual([name, ['hazel']]);
    expect(bodies(path)).toEqual([{ species: ['hazel'] }]);
    await store.getState().removeSpecies(name, 'hazel');
    await store.getState().removeSpeciesCategory(name);
    expect(Object.keys(store.getState().speciesCategories)).toEqual(['mushrooms', 'herbs']);
    expect(bodies('PUT /api/v1/preferences/categories')).toEqual([
      { categories: ['mushrooms', 'herbs', name] },
      { categories: ['mushrooms', 'herbs'] },
    ]);
  });

  it.each(oddNames)('a category %s not in the map is not found on the prototype', async (name) => {
    const store = await signedInStore();
    await store.getState().addSpecies('herbs', 'thyme');
    await store.getState().removeSpeciesCategory(name);
    await store.getState().removeSpecies(name, 'x');
    expect(bodies('PUT /api/v1/preferences/categories')).toEqual([]);
    expect(Object.keys(store.getState().speciesCategories)).toEqual(['mushrooms', 'herbs']);
  });

  it.each(oddNames)('terrain and tree type %s: added, saved and removed', async (name) => {
    const store = await signedInStore();
    await store.getState().addCustomTerrain(name);
    await store.getState().addCustomTree(name);
    await store.getState().removeCustomTerrain(name);
    expect(bodies('PUT /api/v1/preferences/terrain')).toEqual([
      { terrainTypes: ['forest', 'meadow', name] },
      { terrainTypes: ['forest', 'meadow'] },
    ]);
    expect(bodies('PUT /api/v1/preferences/trees')).toEqual([{ treeTypes: ['oak', 'yew', name] }]);
  });

  it('categories from the server and from storage keep odd names as own keys', async () => {
    t.server.on('GET /api/v1/preferences', () =>
      json({
        data: {
          ...serverPrefs,
          customSpeciesCategories: ['__proto__', 'constructor'],
          customSpecies: JSON.parse('{"__proto__":["a"],"toString":["b"]}') as unknown,
        },
      }),
    );
    const store = await signedInStore();
    const categories = store.getState().speciesCategories;
    expect(Object.entries(categories)).toEqual([
      ['__proto__', ['a']],
      ['constructor', []],
    ]);
    // Written to storage and read back by a fresh store: the same own keys.
    const again = (await loadStore()).getState().speciesCategories;
    expect(Object.entries(again)).toEqual(Object.entries(categories));
  });
});

import { describe, expect, it } from 'vitest';
import { json } from '../testing/fake-fetch.ts';
import { serverPrefs } from '../testing/fixtures.ts';
import { loadStore, settle, setUpStoreTests, signedInStore } from '../testing/store-kit.ts';

const t = setUpStoreTests();
const prefReads = () => t.server.callsTo('GET /api/v1/preferences').length;

describe('species, terrain and tree rules (docs/behaviour.md#validation)', () => {
  it('ignores a category that is empty after trimming or already there', async () => {
    const store = await signedInStore();
    await store.getState().addSpeciesCategory('   ');
    await store.getState().addSpeciesCategory('herbs');
    await store.getState().addSpeciesCategory(' herbs ');
    expect(t.server.callsTo('PUT /api/v1/preferences/categories')).toHaveLength(0);
    await store.getState().addSpeciesCategory('  nuts ');
    expect(Object.keys(store.getState().speciesCategories)).toEqual(['mushrooms', 'herbs', 'nuts']);
    expect(t.server.callsTo('PUT /api/v1/preferences/categories')[0]?.body).toEqual({
      categories: ['mushrooms', 'herbs', 'nuts'],
    });
  });

  it('ignores a species that is empty or already in that category', async () => {
    t.server.on('PUT /api/v1/preferences/species/herbs', () => json({ data: serverPrefs }));
    const store = await signedInStore();
    await store.getState().addSpecies('herbs', '  ');
    await store.getState().addSpecies('herbs', ' mint ');
    expect(t.server.callsTo('PUT /api/v1/preferences/species/herbs')).toHaveLength(0);
    await store.getState().addSpecies('herbs', ' thyme ');
    expect(store.getState().speciesCategories.herbs).toEqual(['mint', 'thyme']);
    expect(t.server.callsTo('PUT /api/v1/preferences/species/herbs')[0]?.body).toEqual({
      species: ['mint', 'thyme'],
    });
  });

  it('removes species and categories', async () => {
    t.server.on('PUT /api/v1/preferences/species/herbs', () => json({ data: serverPrefs }));
    const store = await signedInStore();
    await store.getState().removeSpecies('herbs', 'mint');
    expect(store.getState().speciesCategories.herbs).toEqual([]);
    await store.getState().removeSpeciesCategory('mushrooms');
    expect(store.getState().speciesCategories).toEqual({ herbs: [] });
    expect(t.server.callsTo('PUT /api/v1/preferences/categories')[0]?.body).toEqual({
      categories: ['herbs'],
    });
  });

  it('species changes are shown first and refetched when the server refuses', async () => {
    let answer: (response: Response) => void = () => undefined;
    t.server.on('PUT /api/v1/preferences/categories', () => new Promise((r) => (answer = r)));
    const store = await signedInStore();
    const adding = store.getState().addSpeciesCategory('nuts');
    expect(store.getState().speciesCategories).toHaveProperty('nuts');
    await settle();
    answer(json({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    await adding;
    await settle();
    expect(t.error).toHaveBeenCalledWith('Failed to update species categories', expect.anything());
    expect(prefReads()).toBe(2);
    expect(store.getState().speciesCategories).not.toHaveProperty('nuts');
  });

  it('ignores a custom terrain or tree type already in the custom list', async () => {
    const store = await signedInStore();
    await store.getState().addCustomTerrain('meadow');
    await store.getState().addCustomTree('yew');
    expect(t.server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await store.getState().addCustomTerrain('Bog');
    await store.getState().addCustomTree('Larch');
    expect(store.getState().terrainOptions.custom).toEqual(['forest', 'meadow', 'Bog']);
    expect(store.getState().treeOptions.custom).toEqual(['oak', 'yew', 'Larch']);
    expect(t.server.callsTo('PUT /api/v1/preferences/terrain')[0]?.body).toEqual({
      terrainTypes: ['forest', 'meadow', 'Bog'],
    });
    expect(t.server.callsTo('PUT /api/v1/preferences/trees')[0]?.body).toEqual({
      treeTypes: ['oak', 'yew', 'Larch'],
    });
  });

  it('a terrain or tree failure is logged only: no refetch, the change stays', async () => {
    t.server.on('PUT /api/v1/preferences/terrain', () => json({}, 500));
    const store = await signedInStore();
    await store.getState().addCustomTerrain('Bog');
    await settle();
    expect(store.getState().terrainOptions.custom).toEqual(['forest', 'meadow', 'Bog']);
    expect(prefReads()).toBe(1);
    expect(t.error).toHaveBeenCalledWith('Failed to update terrain types', expect.anything());
  });

  it('keeps the documented default lists', async () => {
    const store = await loadStore();
    expect(store.getState().terrainOptions.default).toEqual([
      'Hilly',
      'Flat',
      'Marshy',
      'Rocky',
      'Forest',
      'Open Field',
      'Riverbank',
      'Lakeside',
    ]);
    expect(store.getState().treeOptions.default).toEqual([
      'Oak',
      'Pine',
      'Maple',
      'Birch',
      'Elm',
      'Cedar',
      'Poplar',
      'Spruce',
      'Ash',
      'Hickory',
      'Cherry',
      'Beech',
      'Aspen',
      'Mixed Forest',
    ]);
  });
});

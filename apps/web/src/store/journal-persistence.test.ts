import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json, signedInServer } from '../testing/fake-fetch.ts';

const KEY = 'foraging-journal-store';

async function loadStore() {
  vi.resetModules();
  return (await import('./journal-store.ts')).useJournalStore;
}

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const server = installFakeFetch();
  signedInServer(server);
  server.on('PUT /api/v1/preferences/terrain', () => json({}));
  // An edit first reads the saved lists once per session, so it never writes over names it has not seen.
  server.on('GET /api/v1/preferences', () =>
    json({ data: { categories: ['herbs'], species: { herbs: ['mint'] }, terrainTypes: [] } }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('journal store persistence', () => {
  it(`stores only species categories, terrain and tree options under '${KEY}', version 2`, async () => {
    const store = await loadStore();
    store.setState({ locations: [], locationsError: 'x', lastLocationsFetch: 5 });
    // Species already there, so signing in fetches none.
    store.setState({ speciesCategories: { herbs: ['mint'] } });
    store.getState().setUser('user-1');
    await store.getState().addCustomTerrain('Bog');
    expect(stored()).toEqual({
      version: 2,
      state: {
        speciesCategories: { herbs: ['mint'] },
        terrainOptions: {
          default: store.getState().terrainOptions.default,
          custom: ['Bog'],
        },
        treeOptions: { default: store.getState().treeOptions.default, custom: [] },
      },
    });
  });

  it('loads stored version 2 data, tidied', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        version: 2,
        state: {
          speciesCategories: { herbs: [' mint', 'mint', ''] },
          terrainOptions: { default: ['Old default'], custom: ['Bog'] },
          treeOptions: { default: [], custom: ['Yew', 'Yew'] },
        },
      }),
    );
    const state = (await loadStore()).getState();
    expect(state.speciesCategories).toEqual({ herbs: ['mint'] });
    expect(state.terrainOptions.custom).toEqual(['Bog']);
    // Defaults come from the code, not from storage.
    expect(state.terrainOptions.default).toContain('Lakeside');
    expect(state.treeOptions.custom).toEqual(['Yew']);
  });

  it('migrating from version 1 empties the species categories and keeps the options', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        version: 1,
        state: {
          speciesCategories: { herbs: ['mint'] },
          terrainOptions: { default: [], custom: ['Bog'] },
          treeOptions: { default: [], custom: ['Yew'] },
        },
      }),
    );
    const state = (await loadStore()).getState();
    expect(state.speciesCategories).toEqual({});
    expect(state.terrainOptions.custom).toEqual(['Bog']);
    expect(state.treeOptions.custom).toEqual(['Yew']);
    expect(stored()).toMatchObject({ version: 2, state: { speciesCategories: {} } });
  });

  it('migrating data of another shape keeps nothing of it', async () => {
    localStorage.setItem(KEY, JSON.stringify({ version: 0, state: { species: 'x' } }));
    const state = (await loadStore()).getState();
    expect(state.speciesCategories).toEqual({});
    expect(state.terrainOptions.custom).toEqual([]);
  });

  it('unreadable stored data is cleared and the defaults restored', async () => {
    localStorage.setItem(KEY, '{not json');
    const state = (await loadStore()).getState();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(state.speciesCategories).toEqual({});
    expect(state.terrainOptions).toEqual({
      default: expect.arrayContaining(['Hilly', 'Lakeside']),
      custom: [],
    });
  });

  it('stored data of the wrong shape is cleared and the defaults restored', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ version: 2, state: { speciesCategories: 'herbs', terrainOptions: 3 } }),
    );
    const state = (await loadStore()).getState();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(state.speciesCategories).toEqual({});
    expect(state.treeOptions.custom).toEqual([]);
  });
});

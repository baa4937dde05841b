import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeFetch,
  flush,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';

const prefs = {
  id: 'user-1',
  name: '',
  email: '',
  customSpeciesCategories: ['mushrooms'],
  customSpecies: { mushrooms: ['morel'] },
  customTerrainTypes: [],
  customTreeTypes: [],
  showTutorial: true,
};

let server: FakeFetch;

async function load() {
  vi.resetModules();
  const { preferencesService } = await import('./preferences-service.ts');
  const { clearApiCache } = await import('./clear-api-cache.ts');
  return { preferencesService, clearApiCache };
}

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeFetch();
  signedInServer(server);
  server.on('GET /api/v1/preferences', () => json({ data: prefs }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const reads = () => server.callsTo('GET /api/v1/preferences').length;

describe('preferencesService.get', () => {
  it('answers the data of GET /preferences', async () => {
    const { preferencesService } = await load();
    await expect(preferencesService.get()).resolves.toEqual(prefs);
  });

  it('is cached 300000 ms: no new read at 299999 ms, a new one at 300000 ms', async () => {
    const { preferencesService } = await load();
    await preferencesService.get();
    await vi.advanceTimersByTimeAsync(299_999);
    await preferencesService.get();
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await preferencesService.get();
    expect(reads()).toBe(2);
  });

  it('shares a read under way: asked twice before it answers, one GET (start-up asks twice)', async () => {
    const { preferencesService } = await load();
    const [first, second] = await Promise.all([preferencesService.get(), preferencesService.get()]);
    expect(first).toEqual(prefs);
    expect(second).toEqual(prefs);
    expect(reads()).toBe(1);
  });

  it('does not share a read under way once the cache is cleared (a write meanwhile)', async () => {
    const { preferencesService, clearApiCache } = await load();
    const first = preferencesService.get();
    clearApiCache();
    await Promise.all([first, preferencesService.get()]);
    expect(reads()).toBe(2);
  });

  it('reads again when forced', async () => {
    const { preferencesService } = await load();
    await preferencesService.get();
    await preferencesService.get(true);
    expect(reads()).toBe(2);
  });

  it('answers null on error, logged only', async () => {
    server.on('GET /api/v1/preferences', () => json({ error: { code: 'INTERNAL' } }, 500));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { preferencesService } = await load();
    await expect(preferencesService.get()).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('is cleared by clearApiCache()', async () => {
    const { preferencesService, clearApiCache } = await load();
    await preferencesService.get();
    clearApiCache();
    await preferencesService.get();
    expect(reads()).toBe(2);
  });
});

describe('preferencesService updates', () => {
  const cases = [
    ['updateCategories', '/categories', { categories: ['a'] }],
    ['updateSpecies', '/species/wild%20herbs%2Fleaves', { species: ['a'] }],
    ['updateTerrain', '/terrain', { terrainTypes: ['a'] }],
    ['updateTrees', '/trees', { treeTypes: ['a'] }],
    ['updateTutorial', '/tutorial', { show: false }],
  ] as const;

  async function run(name: (typeof cases)[number][0]) {
    const { preferencesService } = await load();
    await preferencesService.get();
    let answer: boolean;
    if (name === 'updateSpecies')
      answer = await preferencesService.updateSpecies('wild herbs/leaves', ['a']);
    else if (name === 'updateCategories') answer = await preferencesService.updateCategories(['a']);
    else if (name === 'updateTerrain') answer = await preferencesService.updateTerrain(['a']);
    else if (name === 'updateTrees') answer = await preferencesService.updateTrees(['a']);
    else answer = await preferencesService.updateTutorial(false);
    await preferencesService.get();
    return answer;
  }

  it.each(cases)('%s PUTs %s, answers true and clears the cache', async (name, path, body) => {
    server.on(`PUT /api/v1/preferences${path}`, () => json({ data: prefs }));
    await expect(run(name)).resolves.toBe(true);
    expect(server.callsTo(`PUT /api/v1/preferences${path}`)[0]?.body).toEqual(body);
    expect(reads()).toBe(2);
  });

  it.each(cases)('%s answers false on failure and still clears the cache', async (name, path) => {
    server.on(`PUT /api/v1/preferences${path}`, () => json({ error: { code: 'INTERNAL' } }, 500));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(run(name)).resolves.toBe(false);
    expect(reads()).toBe(2);
  });
});

describe('preferencesService.createInitial', () => {
  const record = {
    id: 'user-1',
    name: '',
    email: '',
    customSpeciesCategories: [],
    customSpecies: {},
    customTerrainTypes: [],
    customTreeTypes: [],
  };

  it('POSTs /preferences with the record and answers true', async () => {
    server.on('POST /api/v1/preferences', () => json({ data: prefs }, 201));
    const { preferencesService } = await load();
    await expect(preferencesService.createInitial(record)).resolves.toBe(true);
    expect(server.callsTo('POST /api/v1/preferences')[0]?.body).toEqual(record);
  });

  it("keeps the POST's answer (the server's record) as GET /preferences', so the next read sends no GET", async () => {
    const kept = { ...prefs, showTutorial: false, customSpeciesCategories: ['berries'] };
    server.on('POST /api/v1/preferences', () => json({ data: kept }, 201));
    const { preferencesService } = await load();
    await preferencesService.get();
    await preferencesService.createInitial(record);
    await expect(preferencesService.get()).resolves.toEqual(kept);
    expect(reads()).toBe(1);
  });

  it('reads again after a failed POST', async () => {
    server.on('POST /api/v1/preferences', () => json({ error: { code: 'INTERNAL' } }, 500));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { preferencesService } = await load();
    await preferencesService.get();
    await preferencesService.createInitial(record);
    await preferencesService.get();
    expect(reads()).toBe(2);
  });

  it("logs 'Failed to initialize user preferences' and answers false on failure", async () => {
    server.on('POST /api/v1/preferences', () => json({ error: { code: 'INTERNAL' } }, 500));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { preferencesService } = await load();
    await expect(preferencesService.createInitial(record)).resolves.toBe(false);
    await flush();
    expect(error).toHaveBeenCalledWith('Failed to initialize user preferences', expect.anything());
  });
});

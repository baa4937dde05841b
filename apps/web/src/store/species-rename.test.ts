import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeLocation } from '../testing/factories.ts';
import { timersBesideIndexedDb, freshIndexedDbPerTest } from '../testing/fake-indexeddb.ts';
import { installFakeFetch, json, signedInServer, type FakeFetch } from '../testing/fake-fetch.ts';
import { serverPrefs } from '../testing/fixtures.ts';
import { loadStore } from '../testing/store-kit.ts';

freshIndexedDbPerTest();

const API = '/api/v1';
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 500; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const spot = () =>
  makeLocation({
    id: 'l1',
    species: ['morel'],
    entries: [makeEntry({ id: 'e1', finds: [{ species: 'morel', quantity: 3, unit: 'count' }] })],
  });

describe('renameSpecies (docs/behaviour.md#species-rename)', () => {
  let server: FakeFetch;
  let online: boolean;

  beforeEach(() => {
    vi.useFakeTimers(timersBesideIndexedDb);
    vi.setSystemTime(new Date('2024-06-01T12:00:00.000Z'));
    localStorage.clear();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    server = installFakeFetch();
    signedInServer(server);
    server.on(`GET ${API}/preferences`, () => json({ data: serverPrefs }));
    server.on(`GET ${API}/locations`, () => {
      const answer = json({ data: [spot()] });
      answer.headers.set('sync-cursor', 'c1');
      return answer;
    });
    server.on(`GET ${API}/sync?since=c1`, () =>
      json({ cursor: 'c1', full: false, locations: [], deleted: { locations: [], entries: [] } }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function signedIn() {
    const store = await loadStore();
    store.getState().setUser('user-1');
    await store.getState().fetchLocations();
    await until(() => Object.keys(store.getState().speciesCategories).length > 0, 'species');
    return store;
  }

  it('online: posts {from, to}, answers the counts, and renames the copy at once', async () => {
    const store = await signedIn();
    server.on(`POST ${API}/species/rename`, () => json({ data: { entries: 1, locations: 1 } }));
    await expect(store.getState().renameSpecies('morel', 'Morchella')).resolves.toEqual({
      entries: 1,
      locations: 1,
    });
    expect(server.callsTo(`POST ${API}/species/rename`)[0]?.body).toEqual({
      from: 'morel',
      to: 'Morchella',
    });
    const [location] = store.getState().serverLocations;
    expect(location?.species).toEqual(['Morchella']);
    expect(location?.entries[0]?.finds).toEqual([
      { species: 'Morchella', quantity: 3, unit: 'count' },
    ]);
    expect(store.getState().speciesCategories.mushrooms).toEqual(['Morchella']);
  });

  it('a refusal is thrown and changes nothing', async () => {
    const store = await signedIn();
    server.on(`POST ${API}/species/rename`, () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'to: too long' } }, 400),
    );
    await expect(store.getState().renameSpecies('morel', 'x')).rejects.toMatchObject({
      status: 400,
    });
    expect(store.getState().locations[0]?.species).toEqual(['morel']);
    expect(store.getState().speciesCategories.mushrooms).toEqual(['morel']);
  });

  it('offline: queued, shown renamed at once, and sent when back online', async () => {
    const store = await signedIn();
    online = false;
    const answering = server.fetchMock.getMockImplementation();
    server.fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    window.dispatchEvent(new Event('offline'));
    await expect(store.getState().renameSpecies('morel', 'Morchella')).resolves.toBe('queued');
    expect(store.getState().outbox).toMatchObject([
      { status: 'pending', op: { kind: 'renameSpecies', from: 'morel', to: 'Morchella' } },
    ]);
    expect(store.getState().locations[0]?.entries[0]?.species).toEqual(['Morchella']);
    expect(store.getState().speciesCategories.mushrooms).toEqual(['Morchella']);

    server.on(`POST ${API}/species/rename`, () => json({ data: { entries: 1, locations: 1 } }));
    online = true;
    if (answering) server.fetchMock.mockImplementation(answering);
    window.dispatchEvent(new Event('online'));
    await until(() => server.callsTo(`POST ${API}/species/rename`).length === 1, 'the replay');
    await until(() => store.getState().outbox.length === 0, 'the outbox to empty');
  });
});

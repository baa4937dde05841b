import type { SavedSearch } from '@fj/contract/saved-searches';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalCopy } from '../lib/offline/local-copy.ts';
import { makeLocation } from '../testing/factories.ts';
import {
  empty,
  installFakeFetch,
  json,
  signedInServer,
  type FakeFetch,
} from '../testing/fake-fetch.ts';
import { freshIndexedDbPerTest, timersBesideIndexedDb } from '../testing/fake-indexeddb.ts';
import { serverPrefs } from '../testing/fixtures.ts';
import { loadStore } from '../testing/store-kit.ts';
import { SAVED_SEARCH_NEEDS_SERVER } from './saved-search-slice.ts';

freshIndexedDbPerTest();

const API = '/api/v1';
const stamp = '2024-05-01T00:00:00.000Z';
const saved = (id: string, name: string, query = 'tree:oak'): SavedSearch => ({
  id,
  name,
  query,
  createdAt: stamp,
  updatedAt: stamp,
});

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 500; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('saved searches in the store (docs/behaviour.md#saved-searches)', () => {
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
      const answer = json({ data: [makeLocation({ id: 'l1' })] });
      answer.headers.set('sync-cursor', 'c1');
      return answer;
    });
    server.on(`GET ${API}/searches`, () => json({ data: [saved('b', 'Oaks'), saved('a', 'Ash')] }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function signedIn() {
    const store = await loadStore();
    store.getState().setUser('user-1');
    await store.getState().fetchLocations();
    return store;
  }

  it('reads them by name, and keeps them on the device for the next start', async () => {
    const store = await signedIn();
    expect(store.getState().savedSearches).toBeNull();
    await store.getState().fetchSavedSearches();
    expect(store.getState().savedSearches?.map((s) => s.name)).toEqual(['Ash', 'Oaks']);
    let kept = await createLocalCopy('user-1').load();
    for (let i = 0; i < 50 && !kept?.savedSearches; i += 1)
      kept = await createLocalCopy('user-1').load();
    expect(kept?.savedSearches?.map((s) => s.id)).toEqual(['a', 'b']);

    // A new start, offline: the device's list.
    online = false;
    server.fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const again = await loadStore();
    again.getState().setUser('user-1');
    await until(() => again.getState().savedSearches !== null, 'the kept searches');
    expect(again.getState().savedSearches?.map((s) => s.name)).toEqual(['Ash', 'Oaks']);
    await again.getState().fetchSavedSearches();
    expect(again.getState().savedSearches).toHaveLength(2);
  });

  it('saves with a client id, renames and deletes through the server', async () => {
    const store = await signedIn();
    await store.getState().fetchSavedSearches();
    server.on(`POST ${API}/searches`, (call) =>
      json({ ...(call.body as object), createdAt: stamp, updatedAt: stamp }, 201),
    );
    const made = await store.getState().saveSearch('Chanterelles', 'chanterelle month:jul-sep');
    expect(made.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.getState().savedSearches?.map((s) => s.name)).toEqual([
      'Ash',
      'Chanterelles',
      'Oaks',
    ]);

    server.on(`PUT ${API}/searches/a`, () => json(saved('a', 'Zebra ash')));
    await store.getState().changeSavedSearch('a', { name: 'Zebra ash' });
    expect(store.getState().savedSearches?.map((s) => s.name)).toEqual([
      'Chanterelles',
      'Oaks',
      'Zebra ash',
    ]);

    // Deleted elsewhere already: gone here too.
    server.on(`DELETE ${API}/searches/b`, () =>
      json({ error: { code: 'NOT_FOUND', message: 'Saved search not found' } }, 404),
    );
    await store.getState().deleteSavedSearch('b');
    server.on(`DELETE ${API}/searches/a`, () => empty());
    await store.getState().deleteSavedSearch('a');
    expect(store.getState().savedSearches?.map((s) => s.name)).toEqual(['Chanterelles']);
  });

  it('refuses writes offline, and passes on the server’s refusal', async () => {
    const store = await signedIn();
    server.on(`POST ${API}/searches`, () =>
      json(
        { error: { code: 'VALIDATION_FAILED', message: 'query: month: a month or range' } },
        400,
      ),
    );
    await expect(store.getState().saveSearch('Bad', 'month:x')).rejects.toThrow('query: month');
    online = false;
    window.dispatchEvent(new Event('offline'));
    await expect(store.getState().saveSearch('A', 'tree:oak')).rejects.toThrow(
      SAVED_SEARCH_NEEDS_SERVER,
    );
    online = true;
    window.dispatchEvent(new Event('online'));
    server.on(`POST ${API}/searches`, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(store.getState().saveSearch('A', 'tree:oak')).rejects.toThrow(
      SAVED_SEARCH_NEEDS_SERVER,
    );
  });

  it('follows the sync: changes applied to a known list, a full answer taken whole', async () => {
    const store = await signedIn();
    const delta = {
      cursor: 'c2',
      full: false,
      locations: [],
      deleted: { locations: [], entries: [], searches: ['a'] },
      searches: [saved('c', 'Birch')],
    };
    server.on(`GET ${API}/sync?since=c1`, () => json(delta));
    await store.getState().fetchLocations(true);
    // Never read: changes alone would make a list with holes.
    expect(store.getState().savedSearches).toBeNull();

    await store.getState().fetchSavedSearches();
    server.on(`GET ${API}/sync?since=c2`, () => json({ ...delta, cursor: 'c3' }));
    await store.getState().fetchLocations(true);
    expect(store.getState().savedSearches?.map((s) => s.name)).toEqual(['Birch', 'Oaks']);

    server.on(`GET ${API}/sync?since=c3`, () =>
      json({ ...delta, cursor: 'c4', full: true, locations: [], searches: [saved('d', 'Elm')] }),
    );
    await store.getState().fetchLocations(true);
    expect(store.getState().savedSearches?.map((s) => s.name)).toEqual(['Elm']);
  });
});

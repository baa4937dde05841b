import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeLocation } from '../../testing/factories.ts';
import {
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { emptiedBy } from './empty-result.ts';
import { readRequest, type SearchRequest } from './search-request.ts';

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  signedInServer(server);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const oak = makeLocation({
  id: 'oak',
  name: 'Oak ridge',
  treeTypes: ['Oak'],
  entries: [
    makeEntry({
      id: 'o1',
      locationId: 'oak',
      date: '2024-08-02',
      finds: [{ species: 'Chanterelle' }],
    }),
    makeEntry({ id: 'o2', locationId: 'oak', date: '2024-05-02', finds: [{ species: 'Morel' }] }),
  ],
});
const ash = makeLocation({
  id: 'ash',
  name: 'Ash dell',
  treeTypes: ['Ash'],
  favorite: true,
  entries: [
    makeEntry({ id: 'a1', locationId: 'ash', date: '2023-04-20', finds: [{ species: 'Morel' }] }),
  ],
});
const journal = [oak, ash];

async function search(request: SearchRequest, online = true) {
  vi.resetModules();
  const { runSearch } = await import('./run-search.ts');
  return runSearch(request, readRequest(request).facets, journal, online);
}

describe('runSearch', () => {
  it('asks the server, showing the device’s own copies of the spots it found', async () => {
    const stale = { ...oak, name: 'Oak ridge (server)' };
    server.on('GET /api/v1/search?q=chanterelle+tree%3Aoak&limit=1000', () =>
      json({ data: [{ location: stale, entryIds: ['o1'] }], total: 1 }),
    );
    const outcome = await search({ q: 'chanterelle tree:oak', extra: [] });
    expect(outcome).toEqual({
      hits: [{ location: oak, entryIds: ['o1'] }],
      total: 1,
      source: 'server',
    });
  });

  it('searches the device’s copy offline, with the same matcher', async () => {
    const outcome = await search({ q: 'morel', extra: [] }, false);
    expect(outcome.source).toBe('device');
    expect(outcome.hits.map((hit) => [hit.location.id, hit.entryIds])).toEqual([
      ['oak', ['o2']],
      ['ash', ['a1']],
    ]);
    expect(server.calls.filter((call) => call.url.includes('/search'))).toEqual([]);
  });

  it('searches the device when the server gives no answer or fails, and says why', async () => {
    server.on('GET /api/v1/search?q=morel&limit=1000', () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    expect((await search({ q: 'morel', extra: [] })).source).toBe('device');
    server.on('GET /api/v1/search?q=morel&limit=1000', () => json({}, 503));
    const outcome = await search({ q: 'morel', extra: [] });
    expect(outcome.source).toBe('device');
    expect(outcome.note).toMatch(/server could not search/);
  });

  it('passes on a refusal, naming the facet', async () => {
    server.on('GET /api/v1/search?q=x&limit=1000', () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'q: month: a month' } }, 400),
    );
    await expect(search({ q: 'x', extra: [] })).rejects.toThrow('q: month: a month');
  });
});

describe('emptiedBy', () => {
  it('names each condition whose dropping alone brings spots back, most first', () => {
    const request = { q: 'morel tree:oak is:favorite', extra: [] };
    expect(emptiedBy(journal, request)).toEqual([
      { condition: { key: 'tree', value: 'oak' }, count: 1 },
      { condition: { key: 'favorite', value: 'true' }, count: 1 },
    ]);
    expect(emptiedBy(journal, { q: 'tree:birch', extra: [] })).toEqual([
      { condition: { key: 'tree', value: 'birch' }, count: 2 },
    ]);
    expect(emptiedBy(journal, { q: 'nothing such', extra: [] })).toEqual([]);
  });
});

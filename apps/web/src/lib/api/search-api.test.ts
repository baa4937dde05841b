import { searchAnswerSchema } from '@fj/contract/search-answer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeLocation } from '../../testing/factories.ts';
import {
  empty,
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { searchAnswerReading } from './search-api.ts';

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  signedInServer(server);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function load() {
  vi.resetModules();
  const { searchApi } = await import('./search-api.ts');
  const { savedSearchesApi } = await import('./saved-searches-api.ts');
  return { searchApi, savedSearchesApi };
}

const location = makeLocation({
  id: 'l1',
  treeTypes: ['oak'],
  entries: [makeEntry({ id: 'e1', notes: 'cèpes', finds: [{ species: 'cep' }] })],
});

describe('searchApi', () => {
  it('sends the URL parameters with the page size, and reads the answer', async () => {
    const answer = { data: [{ location, entryIds: ['e1'] }], total: 1 };
    server.on('GET /api/v1/search?q=tree%3Aoak&unit=kg&limit=200', () => json(answer));
    const { searchApi } = await load();
    const params = new URLSearchParams([
      ['q', 'tree:oak'],
      ['unit', 'kg'],
    ]);
    await expect(searchApi.search(params, 200)).resolves.toEqual(answer);
  });

  it('reads answers as the schema does, by hand', () => {
    const good = { data: [{ location, entryIds: ['e1'] }], total: 3, extra: true };
    expect(searchAnswerReading.safeParse(good)).toEqual(searchAnswerSchema.safeParse(good));
    for (const bad of [
      { data: [{ location, entryIds: [1] }], total: 1 },
      { data: [{ location: { ...location, name: 3 }, entryIds: [] }], total: 1 },
      { data: [], total: -1 },
      { data: {}, total: 0 },
      null,
    ]) {
      const read = searchAnswerReading.safeParse(bad);
      expect(read.success).toBe(false);
      expect(read).toEqual(searchAnswerSchema.safeParse(bad));
    }
  });

  it('rejects a 400 with the server message naming the facet', async () => {
    server.on('GET /api/v1/search?months=13&limit=10', () =>
      json(
        { error: { code: 'VALIDATION_FAILED', message: 'months: 7, 7-9 or 11-2 (1 to 12)' } },
        400,
      ),
    );
    const { searchApi } = await load();
    await expect(searchApi.search(new URLSearchParams('months=13'), 10)).rejects.toMatchObject({
      status: 400,
      message: 'months: 7, 7-9 or 11-2 (1 to 12)',
    });
  });
});

describe('savedSearchesApi', () => {
  const saved = {
    id: 's1',
    name: 'Oak chanterelles',
    query: 'chanterelle tree:oak',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };

  it('lists, creates with the client id, renames and deletes', async () => {
    server.on('GET /api/v1/searches', () => json({ data: [saved] }));
    server.on('POST /api/v1/searches', () => json(saved, 201));
    server.on('PUT /api/v1/searches/s1', () => json({ ...saved, name: 'Oaks' }));
    server.on('DELETE /api/v1/searches/s1', () => empty());
    const { savedSearchesApi } = await load();
    await expect(savedSearchesApi.list()).resolves.toEqual([saved]);
    await expect(
      savedSearchesApi.create({ id: 's1', name: saved.name, query: saved.query }),
    ).resolves.toEqual(saved);
    expect(server.callsTo('POST /api/v1/searches')[0]?.body).toEqual({
      id: 's1',
      name: saved.name,
      query: saved.query,
    });
    await expect(savedSearchesApi.update(' s1 ', { name: 'Oaks' })).resolves.toMatchObject({
      name: 'Oaks',
    });
    await expect(savedSearchesApi.remove('s1')).resolves.toBeUndefined();
  });

  it('rejects an answer that is not a saved search (INVALID_RESPONSE)', async () => {
    server.on('GET /api/v1/searches', () => json({ data: [{ id: 's1' }] }));
    const { savedSearchesApi } = await load();
    await expect(savedSearchesApi.list()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

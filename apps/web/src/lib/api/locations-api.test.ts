import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  empty,
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  signedInServer(server);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const input = { name: 'Glade', position: { lat: 1, lng: 2 } };
type Api = Awaited<ReturnType<typeof load>>;

async function load() {
  vi.resetModules();
  return (await import('./locations-api.ts')).locationsApi;
}

const location = {
  id: 'l1',
  name: 'Glade',
  position: { lat: 1, lng: 2 },
  favorite: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  entries: [],
};

describe('locationsApi', () => {
  it('lists from a bare list, without a cursor when the server gives none', async () => {
    server.on('GET /api/v1/locations', () => json([location]));
    await expect((await load()).list()).resolves.toEqual({ locations: [location], cursor: null });
  });

  it('lists from { data: [...] }, with the Sync-Cursor header as the cursor', async () => {
    server.on(
      'GET /api/v1/locations',
      () =>
        new Response(JSON.stringify({ data: [location] }), {
          headers: { 'content-type': 'application/json', 'sync-cursor': '7.abc' },
        }),
    );
    await expect((await load()).list()).resolves.toEqual({
      locations: [location],
      cursor: '7.abc',
    });
  });

  it('syncs since a cursor (URL-encoded), or without one for everything', async () => {
    const answer = {
      cursor: '9.xyz',
      full: false,
      locations: [location],
      deleted: { locations: ['l2'], entries: [] },
    };
    server.on('GET /api/v1/sync?since=7.a%2Fb', () => json(answer));
    server.on('GET /api/v1/sync', () => json({ ...answer, full: true }));
    const api = await load();
    await expect(api.sync('7.a/b')).resolves.toEqual(answer);
    await expect(api.sync(null)).resolves.toMatchObject({ full: true });
  });

  it('creates, updates and removes with trimmed ids in the paths', async () => {
    server.on('POST /api/v1/locations', () => json(location, 201));
    server.on('PUT /api/v1/locations/l1', () => json(location));
    server.on('DELETE /api/v1/locations/l1', () => empty());
    const api = await load();
    const input = { name: 'Glade', position: { lat: 1, lng: 2 } };
    await expect(api.create(input)).resolves.toEqual(location);
    expect(server.callsTo('POST /api/v1/locations')[0]?.body).toEqual(input);
    await api.update('  l1 ', { name: 'New' });
    expect(server.callsTo('PUT /api/v1/locations/l1')[0]?.body).toEqual({ name: 'New' });
    await api.remove(' l1');
    expect(server.callsTo('DELETE /api/v1/locations/l1')).toHaveLength(1);
  });

  it('creates, updates and removes entries with trimmed ids in the paths', async () => {
    server.on('POST /api/v1/locations/l1/entries', () => json({ location }, 201));
    server.on('PUT /api/v1/locations/l1/entries/e1', () => json({ location }));
    server.on('DELETE /api/v1/locations/l1/entries/e1', () => json({ location }));
    const api = await load();
    await expect(api.createEntry(' l1 ', { date: '2024-05-01' })).resolves.toEqual({ location });
    await expect(api.updateEntry('l1 ', ' e1', { notes: 'x' })).resolves.toEqual({ location });
    await expect(api.removeEntry(' l1', 'e1 ')).resolves.toEqual({ location });
    expect(server.callsTo('PUT /api/v1/locations/l1/entries/e1')[0]?.body).toEqual({ notes: 'x' });
  });

  it('reads an update answer without a location as "keep the local change"', async () => {
    server.on('PUT /api/v1/locations/l1', () => json({ ok: true }));
    await expect((await load()).update('l1', { name: 'New' })).resolves.toBeUndefined();
    server.on('PUT /api/v1/locations/l1', () => empty());
    await expect((await load()).update('l1', { name: 'New' })).resolves.toBeUndefined();
  });

  it('reads an answer that carries only the new id', async () => {
    server.on('POST /api/v1/locations', () => json({ id: 'l9' }, 201));
    server.on('POST /api/v1/locations/l1/entries', () => json({ id: 'e9' }, 201));
    const api = await load();
    await expect(api.create({ name: 'Glade', position: { lat: 1, lng: 2 } })).resolves.toEqual({
      id: 'l9',
    });
    await expect(api.createEntry('l1', { date: '2024-05-01' })).resolves.toEqual({ id: 'e9' });
  });

  it.each([
    ['GET', '/locations', { data: [{ id: 'l1', entries: [] }] }, (api: Api) => api.list()],
    ['GET', '/locations', { items: [] }, (api: Api) => api.list()],
    ['GET', '/sync', { cursor: '1.a', full: false, locations: [] }, (api: Api) => api.sync(null)],
    ['POST', '/locations', { ...location, position: 'here' }, (api: Api) => api.create(input)],
    ['POST', '/locations', { name: 'no id' }, (api: Api) => api.create(input)],
    [
      'PUT',
      '/locations/l1',
      { id: 'l1', entries: [] },
      (api: Api) => api.update('l1', { name: 'New' }),
    ],
    [
      'PUT',
      '/locations/l1/entries/e1',
      { location: { id: 'l1' } },
      (api: Api) => api.updateEntry('l1', 'e1', { notes: 'x' }),
    ],
  ])(
    'rejects a malformed answer to %s %s as INVALID_RESPONSE',
    async (method, path, body, call) => {
      server.on(`${method} /api/v1${path}`, () => json(body));
      const api = await load();
      const { ApiError } = await import('./api-error.ts');
      const failure = call(api);
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
    },
  );
});

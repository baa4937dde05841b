import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  empty,
  installFakeFetch,
  json,
  signedInServer,
  type FakeFetch,
} from '../test-support/fake-fetch.ts';

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
  return (await import('./locations-api.ts')).locationsApi;
}

const location = { id: 'l1', entries: [] };

describe('locationsApi', () => {
  it('lists from a bare list', async () => {
    server.on('GET /api/v1/locations', () => json([location]));
    await expect((await load()).list()).resolves.toEqual([location]);
  });

  it('lists from { data: [...] }', async () => {
    server.on('GET /api/v1/locations', () => json({ data: [location] }));
    await expect((await load()).list()).resolves.toEqual([location]);
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
});

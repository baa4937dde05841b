import { describe, expect, it } from 'vitest';
import { errorOf } from './helpers/api-client.ts';
import { databaseKinds, sqlite } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, unknown>>;
}

describe.each(databaseKinds)('public endpoints on $name', (kind) => {
  const t = useTestApp(kind, {
    env: {
      MAP_STYLE_URL: 'https://tiles.example.org/styles/forest.json',
      GEOCODER_URL: 'https://geo.example.org/api',
      MAP_SATELLITE_TILES_URL: 'https://sat.example.org/{z}/{y}/{x}.jpg',
      MAP_TOPO_TILES_URL: 'https://topo.example.org/{z}/{x}/{y}.png',
    },
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('GET /api/health answers ok without a token, never cached', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', uptimeSeconds: expect.any(Number) });
    expect(res.json<{ uptimeSeconds: number }>().uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('GET /api/config answers the map and geocoder URLs the server was given', async () => {
    const res = await get('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      appName: 'Foraging Journal',
      mapStyleUrl: 'https://tiles.example.org/styles/forest.json',
      // No tile file in this DATA_DIR: no local base map (tiles.test.ts has one).
      localMapStyleUrl: '',
      geocoderUrl: 'https://geo.example.org/api',
      satelliteTilesUrl: 'https://sat.example.org/{z}/{y}/{x}.jpg',
      topoTilesUrl: 'https://topo.example.org/{z}/{x}/{y}.png',
    });
  });

  it('GET /api/docs answers an HTML page', async () => {
    const res = await get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<!DOCTYPE html>/i);
  });

  it('GET /api/docs/json answers an OpenAPI document of the whole API, and only the API', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Foraging Journal API');
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/config',
        '/api/v1/locations',
        '/api/v1/locations/{id}',
        '/api/v1/locations/{locationId}/entries',
        '/api/v1/locations/{locationId}/entries/{entryId}',
        '/api/v1/preferences',
        '/api/v1/preferences/species/{category}',
        '/api/v1/photos',
        '/api/v1/seasonality',
      ]),
    );
    expect(Object.keys(doc.paths['/api/v1/locations'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(paths.filter((p) => p.startsWith('/api/auth') || p.startsWith('/reset'))).toEqual([]);
  });

  it('documents GET /sync (its since, answer, 304 and 400) and the 304s of the conditional reads', async () => {
    const doc = (await get('/api/docs/json')).json<OpenApiDocument>();
    interface Operation {
      description?: string;
      parameters?: { name: string; in: string }[];
      responses: Record<string, unknown>;
    }
    const operation = (path: string) => doc.paths[path]?.get as Operation;
    const sync = operation('/api/v1/sync');
    expect(sync.parameters?.map((p) => [p.in, p.name])).toEqual([['query', 'since']]);
    expect(Object.keys(sync.responses).sort()).toEqual(['200', '304', '400', '401']);
    expect(sync.description).toMatch(/cursor/);
    for (const path of ['/api/v1/locations', '/api/v1/preferences'])
      expect(Object.keys(operation(path).responses), path).toContain('304');
    expect(operation('/api/v1/locations').description).toMatch(/Sync-Cursor/);
    const seasonality = operation('/api/v1/seasonality');
    expect(seasonality.parameters?.map((p) => p.name)).toEqual([
      'species',
      'locationId',
      'from',
      'to',
    ]);
    expect(Object.keys(seasonality.responses).sort()).toEqual(['200', '400', '401']);
  });

  it.each(['/api/nope', '/api/v1/nope', '/api/v1'])(
    'answers 404 in the error shape for the unknown path %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(res).code).toBe('NOT_FOUND');
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    },
  );

  it('answers 404 in the error shape for an unknown method on a known path', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/health' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
  });
});

describe('GET /api/health with the database gone', () => {
  const t = useTestApp(sqlite);

  it('answers 503 degraded, also never cached', async () => {
    await t.app.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'degraded',
      database: 'unreachable',
      uptimeSeconds: expect.any(Number),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { fakeTileCache } from './fake-tile-cache.ts';
import { savedTilesLoader, throughSavedTiles, withSavedTiles } from './saved-tiles-protocol.ts';

const tileJsonUrl = 'http://maps.test/api/tiles/base.json';
const tile = 'http://maps.test/api/tiles/base/3/4/2';

describe('withSavedTiles', () => {
  it('sends raster and vector sources through the protocol and leaves the rest', () => {
    const style: StyleSpecification = {
      version: 8,
      sources: {
        base: { type: 'vector', url: tileJsonUrl },
        sat: { type: 'raster', tiles: ['http://sat.test/{z}/{x}/{y}'], tileSize: 256 },
        spots: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      },
      layers: [],
    };
    const wrapped = withSavedTiles(style);
    expect(wrapped.sources.base).toEqual({ type: 'vector', url: `fj-saved://${tileJsonUrl}` });
    expect(wrapped.sources.sat).toMatchObject({
      tiles: ['fj-saved://http://sat.test/{z}/{x}/{y}'],
    });
    expect(wrapped.sources.spots).toBe(style.sources.spots);
    expect(throughSavedTiles(throughSavedTiles(tile))).toBe(`fj-saved://${tile}`);
  });
});

describe('savedTilesLoader', () => {
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));

  it('serves a saved tile when the network does not answer', async () => {
    const cache = fakeTileCache();
    await cache.put(tile, new Response(new Uint8Array([1, 2, 3])));
    const load = savedTilesLoader(() => Promise.resolve(cache), offline);
    const result = await load(
      { url: `fj-saved://${tile}`, type: 'arrayBuffer' },
      new AbortController(),
    );
    expect(new Uint8Array(result.data as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('rewrites the TileJSON tiles through the protocol, so its tiles fall back too', async () => {
    const cache = fakeTileCache();
    const online = () =>
      Promise.resolve(
        Response.json({
          tilejson: '3.0.0',
          tiles: ['http://maps.test/api/tiles/base/{z}/{x}/{y}'],
        }),
      );
    const load = savedTilesLoader(() => Promise.resolve(cache), online);
    const result = await load(
      { url: `fj-saved://${tileJsonUrl}`, type: 'json' },
      new AbortController(),
    );
    expect(result.data).toEqual({
      tilejson: '3.0.0',
      tiles: ['fj-saved://http://maps.test/api/tiles/base/{z}/{x}/{y}'],
    });
  });

  it('fails a tile neither the network nor the cache has, for MapLibre to skip', async () => {
    const load = savedTilesLoader(() => Promise.resolve(fakeTileCache()), offline);
    await expect(
      load({ url: `fj-saved://${tile}`, type: 'arrayBuffer' }, new AbortController()),
    ).rejects.toThrow('Failed to fetch');
  });
});

import type { AddProtocolAction, StyleSpecification } from 'maplibre-gl';
import type { TileCache } from './area-index.ts';
import { fetchOrSaved, type FetchLike } from './fetch-or-saved.ts';

/**
 * The MapLibre protocol that loads the base map network first and from the saved tiles when
 * the network does not answer. It runs in the page, not in the service worker, so it works on
 * native (Capacitor) too, where no service worker runs.
 */
export const savedTilesProtocol = 'fj-saved';
const prefix = `${savedTilesProtocol}://`;

export const throughSavedTiles = (url: string): string =>
  url.startsWith(prefix) ? url : prefix + url;

const original = (url: string): string => (url.startsWith(prefix) ? url.slice(prefix.length) : url);

/** The style with each source's TileJSON and tile URLs sent through the protocol. */
export function withSavedTiles(style: StyleSpecification): StyleSpecification {
  const sources: StyleSpecification['sources'] = {};
  for (const [name, source] of Object.entries(style.sources)) {
    if (source.type !== 'raster' && source.type !== 'vector') {
      sources[name] = source;
      continue;
    }
    sources[name] = {
      ...source,
      ...(source.url ? { url: throughSavedTiles(source.url) } : {}),
      ...(source.tiles ? { tiles: source.tiles.map(throughSavedTiles) } : {}),
    };
  }
  return { ...style, sources };
}

function tileJsonThroughSavedTiles(body: unknown): object | string {
  if (typeof body === 'string') return body;
  if (typeof body !== 'object' || body === null) return {};
  if (!('tiles' in body)) return body;
  const tiles = body.tiles;
  if (!Array.isArray(tiles)) return body;
  return {
    ...body,
    tiles: tiles.map((url) => (typeof url === 'string' ? throughSavedTiles(url) : url)),
  };
}

/** The load function for maplibregl.addProtocol; `cache` opens the saved-tiles cache. */
export function savedTilesLoader(
  cache: () => Promise<TileCache>,
  fetch: FetchLike,
): AddProtocolAction {
  return async (params, abortController) => {
    const url = original(params.url);
    const response = await fetchOrSaved(url, await cache(), fetch, abortController.signal);
    if (!response.ok) {
      // MapLibre draws nothing for a tile it is told is missing, and keeps the rest of the map.
      throw new Error(`${response.status} ${url}`);
    }
    if (params.type === 'json') return { data: tileJsonThroughSavedTiles(await response.json()) };
    if (params.type === 'string') return { data: await response.text() };
    return { data: await response.arrayBuffer() };
  };
}

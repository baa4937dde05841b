import { fetchOrSaved, tileCacheName, type TileCache } from './tile-store.ts';

/** Where Cache Storage is missing (old WebViews, unit tests), nothing is saved: an empty cache. */
const noCache: TileCache = {
  match: () => Promise.resolve(undefined),
  put: () => Promise.resolve(),
  delete: () => Promise.resolve(false),
};

/** The saved-tiles cache (docs/behaviour.md#saved-map-areas). */
export async function openTileCache(): Promise<TileCache> {
  if (typeof caches === 'undefined') return noCache;
  try {
    return await caches.open(tileCacheName);
  } catch {
    return noCache; // an opaque origin or a storage error: the map simply needs the network
  }
}

/**
 * fetch, falling back to the copy kept with the saved map areas when the network does not
 * answer. For what the map needs to start offline: the config, the style, its TileJSON.
 */
export async function fetchOrSavedCopy(url: string, init?: RequestInit): Promise<Response> {
  return fetchOrSaved(url, openedWhenNeeded, (target, options) =>
    fetch(target, { ...init, ...options }),
  );
}

/**
 * The saved-tiles cache, opened only when a saved copy is looked for: the request goes out at
 * once, instead of after Cache Storage has opened (at start-up, behind other requests).
 */
const openedWhenNeeded: TileCache = {
  match: async (url) => (await openTileCache()).match(url),
  put: async (url, response) => (await openTileCache()).put(url, response),
  delete: async (url) => (await openTileCache()).delete(url),
};

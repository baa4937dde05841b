import { areaCacheName, areaOwner, deviceShelf, mapStartCacheName } from './area-owner.ts';
import type { TileCache } from './area-index.ts';
import { fetchOrSaved } from './fetch-or-saved.ts';

/** Where Cache Storage is missing (old WebViews, unit tests), nothing is saved: an empty cache. */
const noCache: TileCache = {
  match: () => Promise.resolve(undefined),
  put: () => Promise.resolve(),
  delete: () => Promise.resolve(false),
};

async function openCache(name: string): Promise<TileCache> {
  const shelf = deviceShelf();
  if (!shelf) return noCache;
  try {
    return await shelf.open(name);
  } catch {
    return noCache; // an opaque origin or a storage error: the map simply needs the network
  }
}

/** This user's saved areas: their tiles and index (docs/behaviour.md#saved-map-areas). */
export const openAreaCache = (uid: string): Promise<TileCache> => openCache(areaCacheName(uid));

/** The public files the map needs to start offline (config, style, TileJSON), for everyone. */
export const openMapStartCache = (): Promise<TileCache> => openCache(mapStartCacheName);

/**
 * What the map reads when the network does not answer (the `fj-saved://` protocol): the
 * signed-in user's saved tiles, then the shared start files. Nobody signed in: the start files.
 */
export async function openTileCache(): Promise<TileCache> {
  const uid = areaOwner();
  const start = await openMapStartCache();
  if (uid === null) return start;
  const own = await openAreaCache(uid);
  return {
    match: async (url) => (await own.match(url)) ?? start.match(url),
    put: (url, response) => own.put(url, response),
    delete: (url) => own.delete(url),
  };
}

/**
 * fetch (or `send`), falling back to the copy kept with the saved map areas when the network
 * does not answer, or not within `init.signal`'s time. For what the map needs to start
 * offline: the config, the style, its TileJSON.
 */
export async function fetchOrSavedCopy(
  url: string,
  init?: RequestInit,
  send: (url: string, init: RequestInit) => Promise<Response> = (target, options) =>
    fetch(target, options),
): Promise<Response> {
  return fetchOrSaved(url, openedWhenNeeded, (target, options) =>
    send(target, { ...init, signal: options?.signal ?? init?.signal ?? null }),
  );
}

/**
 * The map-start cache, opened only when a saved copy is looked for: the request goes out at
 * once, instead of after Cache Storage has opened (at start-up, behind other requests).
 */
const openedWhenNeeded: TileCache = {
  match: async (url) => (await openMapStartCache()).match(url),
  put: async (url, response) => (await openMapStartCache()).put(url, response),
  delete: async (url) => (await openMapStartCache()).delete(url),
};

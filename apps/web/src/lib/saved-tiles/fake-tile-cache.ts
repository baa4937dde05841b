import type { CacheShelf } from './area-owner.ts';
import type { TileCache } from './area-index.ts';

/** A Map-backed stand-in for a Cache Storage cache in unit tests; keeps each body's bytes. */
export function fakeTileCache(): TileCache & { urls: () => string[] } {
  const entries = new Map<string, { body: ArrayBuffer; headers: Headers }>();
  return {
    urls: () => [...entries.keys()],
    match: (url) => {
      const entry = entries.get(url);
      return Promise.resolve(
        entry ? new Response(entry.body.slice(0), { headers: entry.headers }) : undefined,
      );
    },
    put: async (url, response) => {
      entries.set(url, { body: await response.arrayBuffer(), headers: response.headers });
    },
    delete: (url) => Promise.resolve(entries.delete(url)),
  };
}

/** A Map-backed stand-in for Cache Storage: named fake caches, made on first open. */
export function fakeCacheShelf(): CacheShelf & {
  names: () => string[];
  cache: (name: string) => ReturnType<typeof fakeTileCache> | undefined;
} {
  const caches = new Map<string, ReturnType<typeof fakeTileCache>>();
  return {
    names: () => [...caches.keys()],
    cache: (name) => caches.get(name),
    open: (name) => {
      const cache = caches.get(name) ?? fakeTileCache();
      caches.set(name, cache);
      return Promise.resolve(cache);
    },
    delete: (name) => Promise.resolve(caches.delete(name)),
  };
}

import type { TileCache } from './tile-store.ts';

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

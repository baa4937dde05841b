// Map requests go to the network first and fall back to the saved copy when it does not answer.
import type { TileCache } from './area-index.ts';

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

/**
 * Network first, the saved copy when the network does not answer (offline, timeout, server
 * error). Throws the network's error when nothing is saved either.
 */
export async function fetchOrSaved(
  url: string,
  cache: TileCache,
  fetch: FetchLike,
  signal?: AbortSignal,
): Promise<Response> {
  try {
    const response = await fetch(url, { signal });
    if (response.ok || response.status === 404 || response.status === 204) return response;
    const saved = await cache.match(url);
    return saved ?? response;
  } catch (error) {
    if (signal?.aborted) throw error;
    const saved = await cache.match(url);
    if (saved) return saved;
    throw error;
  }
}

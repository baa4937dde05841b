import { identity } from '../identity/identity.ts';
import { api } from './api-client.ts';
import { preferencesCache } from './preferences-cache.ts';

/** GET /preferences answers `{ data }`; a bare object is taken as it is. */
export function unwrap(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'data' in body ? body.data : body;
}

const uidNow = () => identity.currentUser()?.uid ?? null;

/**
 * GET /preferences through the cache, unless forced; a read already under way for the same
 * user is shared rather than sent again (unless forced). Throws on failure; callers decide.
 */
export function readPreferences(forceRefresh = false): Promise<unknown> {
  const uid = uidNow();
  if (!forceRefresh) {
    const cached = preferencesCache.read(uid);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = preferencesCache.pending(uid);
    if (pending) return pending;
  }
  const promise = fetchPreferences(uid);
  preferencesCache.track(uid, promise);
  return promise;
}

async function fetchPreferences(before: string | null): Promise<unknown> {
  const value = unwrap(await api.get('/preferences'));
  // Kept under the uid once answered (the request may have waited for the first sign-in
  // report), unless the user changed while it was under way.
  const after = uidNow();
  if (before === null || before === after) preferencesCache.write(after, value);
  return value;
}

/** A PUT under /preferences. The cache is cleared whatever the outcome (docs/behaviour.md#endpoints). */
export async function writePreferences(path: string, body: unknown): Promise<void> {
  try {
    await api.put(`/preferences${path}`, body);
  } finally {
    preferencesCache.clear();
  }
}

export const speciesPath = (category: string) => `/species/${encodeURIComponent(category)}`;

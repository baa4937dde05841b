import { identity } from '../identity/identity.ts';
import { api } from './api-client.ts';
import { preferencesCache } from './preferences-cache.ts';

/** GET /preferences answers `{ data }`; a bare object is taken as it is. */
function unwrap(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'data' in body ? body.data : body;
}

/** GET /preferences through the cache, unless forced. Throws on failure; callers decide. */
export async function readPreferences(forceRefresh = false): Promise<unknown> {
  const uidNow = () => identity.currentUser()?.uid ?? null;
  const before = uidNow();
  const cached = forceRefresh ? undefined : preferencesCache.read(before);
  if (cached !== undefined) return cached;
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

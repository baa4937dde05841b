import { identity } from '../identity/identity.ts';
import { api } from './api-client.ts';
import { preferencesCache } from './preferences-cache.ts';
import { withPreferencesWrite } from './preferences-patch.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

/**
 * A PUT kept in the outbox (it got no answer, or waits behind another change): the cached
 * answer takes its value at once, so a screen reading preferences meanwhile shows what the
 * device holds (docs/behaviour.md#outbox). Its replay clears the cache as every PUT does.
 */
export function showQueuedPreferences(path: string, body: unknown): void {
  if (!isRecord(body)) return;
  preferencesCache.patch(uidNow(), (value) =>
    isRecord(value) ? withPreferencesWrite(value, path, body) : value,
  );
}

export const speciesPath = (category: string) => `/species/${encodeURIComponent(category)}`;

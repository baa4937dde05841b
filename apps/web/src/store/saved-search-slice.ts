import { compareSearches } from '@fj/contract/sync';
import type { SavedSearch } from '@fj/contract/saved-searches';
import { ApiError } from '../lib/api/api-error.ts';
import { savedSearchesApi } from '../lib/api/saved-searches-api.ts';
import { isNoResponse } from '../lib/offline/no-response.ts';
import type { GetJournal, SavedSearchActions, SetJournal } from './journal-types.ts';
import type { OfflineJournal } from './offline-journal.ts';

/** What a write made with no connection says (the list and searching work offline). */
export const SAVED_SEARCH_NEEDS_SERVER =
  'Saving, renaming or deleting a saved search needs a connection. Your saved searches still work offline.';

/**
 * The saved searches (docs/behaviour.md#saved-searches): read by GET /searches, kept current by
 * GET /sync's `searches` (the location slice hands them over) and kept in the local copy, so
 * they list and run offline. Writes wait for the server.
 */
export function createSavedSearchSlice(
  set: SetJournal,
  get: GetJournal,
  offline: Pick<OfflineJournal, 'isOnline' | 'saveSearches'>,
) {
  /** The server's list for `uid`, shown and kept on the device. */
  function take(uid: string, searches: SavedSearch[]) {
    if (get().userId !== uid) return;
    const sorted = [...searches].sort(compareSearches);
    set({ savedSearches: sorted });
    offline.saveSearches(uid, sorted);
  }

  /** One search changed or gone, on the list as it is when the server answered. */
  function change(uid: string, id: string, next: SavedSearch | null) {
    const kept = (get().savedSearches ?? []).filter((search) => search.id !== id);
    take(uid, next ? [...kept, next] : kept);
  }

  async function write<T>(label: string, run: (uid: string) => Promise<T>): Promise<T> {
    const uid = get().userId;
    if (!uid) throw new Error('User not authenticated');
    if (!offline.isOnline()) throw new Error(SAVED_SEARCH_NEEDS_SERVER);
    try {
      return await run(uid);
    } catch (error) {
      console.error(`Failed to ${label}`, error);
      throw isNoResponse(error) ? new Error(SAVED_SEARCH_NEEDS_SERVER) : error;
    }
  }

  const actions: SavedSearchActions = {
    async fetchSavedSearches() {
      const uid = get().userId;
      if (!uid) return;
      try {
        take(uid, await savedSearchesApi.list());
      } catch (error) {
        console.warn('Saved searches could not be read', error);
      }
    },
    saveSearch: (name, query) =>
      write('save a search', async (uid) => {
        const saved = await savedSearchesApi.create({ id: crypto.randomUUID(), name, query });
        change(uid, saved.id, saved);
        return saved;
      }),
    changeSavedSearch: (id, changes) =>
      write('change a saved search', async (uid) => {
        change(uid, id, await savedSearchesApi.update(id, changes));
      }),
    deleteSavedSearch: (id) =>
      write('delete a saved search', async (uid) => {
        // Gone already (deleted on another device): as good as deleted here.
        await savedSearchesApi.remove(id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
        change(uid, id, null);
      }),
  };
  return { ...actions, takeServerSearches: take };
}

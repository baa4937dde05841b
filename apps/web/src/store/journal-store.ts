import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { initialJournalData } from './journal-defaults.ts';
import { journalPersistOptions } from './journal-persistence.ts';
import { createLocationSlice } from './location-slice.ts';
import { createOfflineJournal } from './offline-journal.ts';
import { createSavedSearchSlice } from './saved-search-slice.ts';
import { createSpeciesRename } from './species-rename.ts';
import { createSharedSpots } from './shared-spots.ts';
import { createSpeciesSlice } from './species-slice.ts';
import type { JournalState } from './journal-types.ts';

export type { JournalState } from './journal-types.ts';

/**
 * The journal store (docs/behaviour.md#journal-store). Only species categories, terrain and tree options are
 * persisted in local storage; the locations, the sync cursor and the outbox are in the user's
 * local copy in IndexedDB (docs/architecture.md#local-copy). The signed-in user comes from the
 * identity's reports through setUser (app/journal-session.ts), so the store stays free of React.
 */
export const useJournalStore = create<JournalState>()(
  persist((set, get, store) => {
    const offline = createOfflineJournal(set, get, {
      refresh: () => get().fetchLocations(true),
      restoreServerLists: (uid, lists) => restoreServerLists(uid, lists),
    });
    const { forgetServerLists, takeServerLists, restoreServerLists, ...speciesActions } =
      createSpeciesSlice(set, get, offline);
    const { takeServerSearches, ...savedSearchActions } = createSavedSearchSlice(set, get, offline);
    const shared = createSharedSpots(set, get);
    const locationSlice = createLocationSlice(
      set,
      get,
      offline,
      takeServerLists,
      takeServerSearches,
    );
    // The app shown again after a sleep: timers may have slept too.
    if (typeof document !== 'undefined')
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void shared.check();
      });

    /** Another user's journal must not linger on screen or in storage. */
    function forget() {
      offline.stop();
      shared.stop();
      forgetServerLists();
      set(initialJournalData());
      store.persist.clearStorage();
    }

    return {
      ...initialJournalData(),
      ...savedSearchActions,
      ...speciesActions,
      ...createSpeciesRename(set, get, offline),
      ...locationSlice,

      /** A read of the journal is a sync of what is shared with the user too. */
      async fetchLocations(force) {
        const before = get().lastLocationsFetch;
        await locationSlice.fetchLocations(force);
        if (get().lastLocationsFetch !== before) void shared.refresh();
      },

      async syncNow() {
        await offline.replayNow();
        await get().fetchLocations(true);
      },
      retryChange: (seq) => offline.retry(seq),
      discardChange: (seq) => offline.discard(seq),
      keepPhotoOffline: (file) => offline.keepPhoto(file),

      setUser(uid) {
        const previous = get().userId;
        if (previous === uid) return;
        // The previous user's local copy stays on the device (theirs, by name) until they sign out.
        if (previous !== null) forget();
        set({ userId: uid });
        if (uid) offline.start(uid);
        if (uid) void shared.start(uid);
        // Start-up (docs/behaviour.md#start-up): signed in and nothing stored, so fetch species.
        if (uid && Object.keys(get().speciesCategories).length === 0) void get().fetchSpecies();
      },

      async reset() {
        const destroyed = offline.destroy();
        forget();
        await destroyed;
      },
    };
  }, journalPersistOptions),
);

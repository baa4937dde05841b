import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { initialJournalData } from './journal-defaults.ts';
import { journalPersistOptions } from './journal-persistence.ts';
import { createLocationSlice } from './location-slice.ts';
import { createSpeciesSlice } from './species-slice.ts';
import type { JournalState } from './journal-types.ts';

export type { JournalState } from './journal-types.ts';

/**
 * The journal store (docs/behaviour.md#journal-store). Only species categories, terrain and tree options are
 * persisted; the signed-in user comes from the AuthProvider through setUser, so the store
 * stays free of React.
 */
export const useJournalStore = create<JournalState>()(
  persist((set, get, store) => {
    const { forgetServerLists, takeServerLists, ...speciesActions } = createSpeciesSlice(set, get);
    return {
      ...initialJournalData(),
      ...speciesActions,
      ...createLocationSlice(set, get, takeServerLists),

      setUser(uid) {
        const previous = get().userId;
        if (previous === uid) return;
        // Another user's journal must not linger on screen or in storage.
        if (previous !== null) get().reset();
        set({ userId: uid });
        // Start-up (docs/behaviour.md#start-up): signed in and nothing stored, so fetch species.
        if (uid && Object.keys(get().speciesCategories).length === 0) void get().fetchSpecies();
      },

      reset() {
        forgetServerLists();
        set(initialJournalData());
        store.persist.clearStorage();
      },
    };
  }, journalPersistOptions),
);

import type { JournalSession } from '../lib/identity/auth-provider.tsx';
import type { useJournalStore } from '../store/journal-store.ts';

/** The journal store arrives with the first signed-in page, never on /login (docs/behaviour.md#page-loading). */
let store: Promise<{ useJournalStore: typeof useJournalStore }> | null = null;
export const loadJournalStore = () => (store ??= import('../store/journal-store.ts'));

/**
 * The AuthProvider's hold on the journal store, wired here because lib/ may not import store/.
 * Both calls reach the store once its module has loaded, in the order they were made.
 */
export const journalSession: JournalSession = {
  setUser(uid) {
    // Nobody signed in and the store never loaded: it is empty, so there is nothing to tell it.
    if (uid === null && !store) return;
    void loadJournalStore().then(({ useJournalStore }) => useJournalStore.getState().setUser(uid));
  },
  // Logout also empties the stored copy, which exists even when this visit never loaded the store.
  reset: () => loadJournalStore().then(({ useJournalStore }) => useJournalStore.getState().reset()),
};

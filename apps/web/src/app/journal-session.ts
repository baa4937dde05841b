import type { JournalSession } from '../lib/identity/auth-provider.tsx';
import { useJournalStore } from '../store/journal-store.ts';

/** The AuthProvider's hold on the journal store, wired here because lib/ may not import store/. */
export const journalSession: JournalSession = {
  setUser: (uid) => useJournalStore.getState().setUser(uid),
  reset: () => useJournalStore.getState().reset(),
};

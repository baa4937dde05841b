import type { JournalSession } from '../lib/identity/auth-provider.tsx';
import { identity, type Identity } from '../lib/identity/identity.ts';
import type { useJournalStore } from '../store/journal-store.ts';

/** The journal store arrives with the first signed-in page, never on /login (docs/behaviour.md#page-loading). */
let store: Promise<{ useJournalStore: typeof useJournalStore }> | null = null;
export const loadJournalStore = () => (store ??= import('../store/journal-store.ts'));

function setStoreUser(uid: string | null): void {
  // Nobody signed in and the store never loaded: it is empty, so there is nothing to tell it.
  if (uid === null && !store) return;
  void loadJournalStore().then(({ useJournalStore }) => useJournalStore.getState().setUser(uid));
}

let following = false;

/**
 * The one place the journal store learns who is signed in: every report of the identity,
 * followed from the start-up on (app/start-up.ts), before the readiness gate has mounted the
 * AuthProvider. Linked first, so it hears each report before anyone else does, and whatever
 * another listener then asks of the store runs after the store has been told (both wait for
 * the store's module, in the order they asked). Once per page load.
 */
export function storeFollowsSignIn(source: Pick<Identity, 'followSignIn'> = identity): void {
  if (following) return;
  following = true;
  source.followSignIn((user) => setStoreUser(user?.uid ?? null));
}

/** The AuthProvider's hold on the journal store, wired here because lib/ may not import store/. */
export const journalSession: JournalSession = {
  // Logout also empties the stored copy, which exists even when this visit never loaded the store.
  reset: () => loadJournalStore().then(({ useJournalStore }) => useJournalStore.getState().reset()),
};

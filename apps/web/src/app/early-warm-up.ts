import { LAST_LOGGED_IN_USER_KEY } from '../lib/identity/session.ts';
import { mapLibraryLoaders } from '../lib/maps/map-libraries.ts';
import { loadJournalStore } from './journal-session.ts';

/** Whoever signed in last on this device (the session notes it; logout forgets it). */
function someoneSignedInHere(): boolean {
  try {
    return localStorage.getItem(LAST_LOGGED_IN_USER_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * At start, before the server has even said who is signed in: on the home page of a device
 * where someone is signed in, MapLibre (the largest download by far, and its worker) starts
 * loading at once, beside the readiness check and the session's round trips instead of after
 * them (docs/behaviour.md#page-loading). Only that: the page's small scripts would take the
 * browser's few connections from those round trips. A visitor never reaches this (no one
 * signed in here), so /login stays as lean as it is.
 */
export function warmUpAtStart(pathname: string): void {
  if (pathname !== '/' || !someoneSignedInHere()) return;
  // A failure shows when the map itself asks for its library.
  void mapLibraryLoaders.marker().catch(() => undefined);
}

/**
 * Once the session has said who is signed in, during the readiness gate's token refresh (the
 * gate passes only after it): on the home page the journal store loads and asks for the spots
 * at once, beside the refresh, instead of after the gate has passed and the signed-in frame has
 * drawn (docs/behaviour.md#page-loading). It tells the store who is signed in, as the
 * AuthProvider does once mounted (with the same user, so that call changes nothing), and the
 * request waits for the token the refresh is getting. The warm-up of the signed-in page then
 * finds the fetch under way and asks for nothing more.
 */
export function warmUpJournal(pathname: string, uid: string): void {
  if (pathname !== '/') return;
  void loadJournalStore().then(({ useJournalStore }) => {
    const journal = useJournalStore.getState();
    journal.setUser(uid);
    void journal.fetchLocations();
  });
}

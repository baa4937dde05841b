import { LAST_LOGGED_IN_USER_KEY } from '../lib/identity/session.ts';
import { mapLibraryLoaders } from '../lib/maps/map-libraries.ts';

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

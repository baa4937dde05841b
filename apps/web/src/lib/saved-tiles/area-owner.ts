import type { TileCache } from './area-index.ts';

/**
 * Saved map areas belong to the user who saved them (docs/behaviour.md#saved-map-areas): each
 * user's tiles and index live in a Cache Storage cache of their own, only the signed-in user's
 * is read, and sign-out deletes it, as it deletes the journal's local copy. A square saved
 * around every spot would otherwise show the next user of the browser where the spots are.
 */

/** The parts of Cache Storage used here, so tests can hand it a Map-backed fake. */
export interface CacheShelf {
  open(name: string): Promise<TileCache>;
  delete(name: string): Promise<boolean>;
}

/** One user's saved tiles and the index of their areas. */
export const areaCacheName = (uid: string): string => `fj-areas-v1:${uid}`;

/**
 * What the map needs to start offline besides tiles: `/api/config`, the style, its TileJSON.
 * The same public files for everyone, read before anyone is signed in, so shared and kept.
 */
export const mapStartCacheName = 'fj-map-start-v1';

/**
 * Where every saved area lived before areas had owners. Whose they are is unknown, so the
 * whole cache is deleted at the next sign-in or sign-out on the device.
 */
export const unownedCacheName = 'fj-tiles-v1';

/** Cache Storage, or null where it is missing (old WebViews, unit tests). */
export function deviceShelf(): CacheShelf | null {
  return typeof caches === 'undefined' ? null : caches;
}

let owner: string | null = null;

/** Whose saved areas the map draws from: the signed-in user, or null (none are read). */
export function areaOwner(): string | null {
  return owner;
}

/**
 * Called on every change of the signed-in user. The previous user's areas stay on the device
 * (theirs, by name, like their local copy) until they sign out, but are no longer read.
 */
export function setAreaOwner(
  uid: string | null,
  shelf: CacheShelf | null = deviceShelf(),
): Promise<void> {
  owner = uid;
  // Not awaited by the session: a failure is logged, and the next change tries again.
  return (shelf?.delete(unownedCacheName) ?? Promise.resolve(false)).then(
    () => undefined,
    (error: unknown) => console.warn('Could not remove saved map areas of no known owner', error),
  );
}

/**
 * Sign-out: deletes the signed-in user's saved areas and their tiles (and any areas of no known
 * owner). The logout waits for it, and a failure stops the logout as the local copy's would.
 */
export async function forgetSavedAreas(shelf: CacheShelf | null = deviceShelf()): Promise<void> {
  if (!shelf) return;
  await shelf.delete(unownedCacheName);
  if (owner !== null) await shelf.delete(areaCacheName(owner));
}

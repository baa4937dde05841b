import { MAP_VIEW_KEY } from '../map-view-key.ts';
import { LAST_LOGGED_IN_USER_KEY } from './session.ts';

export interface LogoutSteps {
  clearCache: () => void;
  resetStore: () => void | Promise<void>;
  /** Deletes the user's saved map areas and their tiles (lib/saved-tiles/area-owner.ts). */
  forgetSavedAreas: () => Promise<void>;
  signOut: () => Promise<void>;
}

/**
 * The logout sequence (docs/behaviour.md#logout), in this order: clear the cache, reset the store (and its stored
 * copy), delete the saved map areas, sign out of the provider, forget 'lastLoggedInUser' and the map's last view.
 * Failures are logged and rethrown.
 */
export async function runLogout(steps: LogoutSteps): Promise<void> {
  try {
    steps.clearCache();
    await steps.resetStore();
    await steps.forgetSavedAreas();
    await steps.signOut();
    localStorage.removeItem(LAST_LOGGED_IN_USER_KEY);
    localStorage.removeItem(MAP_VIEW_KEY);
  } catch (error) {
    console.error('Logout failed', error);
    throw error;
  }
}

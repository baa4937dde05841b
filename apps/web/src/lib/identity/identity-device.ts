// What the identity needs of this device (who signed in here, its storage, the network coming back).
import { serverReachability } from '../api/server-reachability.ts';
import { networkState } from '../offline/network-state.ts';
import type { IdentityUser } from './identity.ts';
import { rememberedUser, rememberUser } from './remembered-user.ts';

/** Local storage: a sign-out made with no network, still to be told to the server. */
export const PENDING_SIGN_OUT_KEY = 'pendingSignOut';

/** What the identity needs of the device: who was signed in here, and when the network is back. */
export interface IdentityDevice {
  rememberedUser(): IdentityUser | null;
  rememberUser(user: IdentityUser | null): void;
  /**
   * Calls back when the device comes back online, or the server answers a request again;
   * answers the function that stops it.
   */
  onBackOnline(callback: () => void): () => void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const browserDevice: IdentityDevice = {
  rememberedUser,
  rememberUser,
  onBackOnline(callback) {
    const stopNetwork = networkState().subscribe((online) => {
      if (online) callback();
    });
    const stopServer = serverReachability.subscribe((reachable) => {
      if (reachable) callback();
    });
    return () => {
      stopNetwork();
      stopServer();
    };
  },
  get storage() {
    return browserStorage();
  },
};

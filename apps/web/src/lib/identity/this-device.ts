import { PENDING_SIGN_OUT_KEY } from './identity-device.ts';
import { LAST_LOGGED_IN_USER_KEY, SIGNED_IN_HERE_KEY } from './session.ts';

/**
 * What the identity knows of this device before the server has answered, for the start-up
 * (app/start-up.ts). Its local storage keys stay inside lib/identity (eslint.config.js).
 */

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The uid of whoever signed in last on this device (the session notes it, logout forgets it). */
export function lastUserOnThisDevice(): string | null {
  return stored(LAST_LOGGED_IN_USER_KEY);
}

/** Someone signed in on this device and did not log out: the server likely names them again. */
export function wasSignedInOnThisDevice(): boolean {
  return lastUserOnThisDevice() !== null;
}

/** Someone has signed in on this device before, logged out since or not: a returning device. */
export function signedInHereBefore(): boolean {
  return stored(SIGNED_IN_HERE_KEY) !== null || wasSignedInOnThisDevice();
}

/** A sign-out made with no network is still to be told to the server before the session is asked. */
export function signOutPendingOnThisDevice(): boolean {
  return Boolean(stored(PENDING_SIGN_OUT_KEY));
}

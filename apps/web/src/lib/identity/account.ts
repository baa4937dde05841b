import { sessionAnswerReading } from '@fj/contract/identity';
import { useSyncExternalStore } from 'react';
import { createAuthCall, type AuthCall } from './auth-http.ts';
import { readIdentityAnswer } from './identity-error.ts';
import type { IdentityUser } from './identity.ts';
import { sessionTransport } from './session-transport.ts';

/** better-auth's default minimum (docs/behaviour.md#validation); the server has the last word. */
export const MIN_PASSWORD_LENGTH = 6;

const call: AuthCall = createAuthCall(sessionTransport);

/*
 * Names changed during this visit, by uid. The identity reports a user only on sign-in, -up
 * and -out, and the session ignores repeat reports for the same uid (docs/behaviour.md#session), so without
 * this a renamed user would see the old name until the next reload.
 */
const renamed = new Map<string, string>();
const listeners = new Set<() => void>();

function publishName(uid: string, name: string) {
  renamed.set(uid, name);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The signed-in user with the latest name this visit knows of. */
export function useAccountUser(user: IdentityUser | null): IdentityUser | null {
  const name = useSyncExternalStore(subscribe, () => (user ? renamed.get(user.uid) : undefined));
  return user && name !== undefined ? { ...user, name } : user;
}

/** POST /api/auth/update-user, then the session read back: the name shown is the one stored. */
export async function changeName(uid: string, name: string): Promise<string> {
  const wanted = name.trim();
  await call('POST', '/update-user', { name: wanted });
  let stored = wanted;
  try {
    const session = readIdentityAnswer(sessionAnswerReading, await call('GET', '/get-session'));
    stored = session?.user.name ?? wanted;
  } catch (error) {
    // The change is saved; only the read-back failed, so show what was sent.
    console.warn('Could not read the session back after renaming', error);
  }
  publishName(uid, stored);
  return stored;
}

/** Other devices are signed out: whoever knew the old password should not stay in. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await call('POST', '/change-password', {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
}

/**
 * POST /api/auth/delete-user with the password again. The server removes every location,
 * entry and photo file; the caller then runs the logout clean-up (the session is gone already).
 */
export async function deleteAccount(uid: string, password: string): Promise<void> {
  await call('POST', '/delete-user', { password });
  renamed.delete(uid);
}

import type { IdentityUser } from './identity.ts';

/**
 * Local storage: who is signed in on this device, as the server last said (docs/behaviour.md#offline-start).
 * With no network the server cannot be asked, so the journal opens for this user from the
 * device's local copy; the next answer of the server (online again) decides. Logout forgets it.
 */
export const REMEMBERED_USER_KEY = 'signedInUser';

function isUser(value: unknown): value is IdentityUser {
  if (typeof value !== 'object' || value === null) return false;
  const { uid, email, name } = value as Record<string, unknown>;
  return (
    typeof uid === 'string' && uid !== '' && typeof email === 'string' && typeof name === 'string'
  );
}

export function rememberUser(user: IdentityUser | null): void {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch (error) {
    console.warn('Could not note who is signed in on this device', error);
  }
}

/** The user the server last named on this device, or null (none, or storage unreadable). */
export function rememberedUser(): IdentityUser | null {
  try {
    const text = localStorage.getItem(REMEMBERED_USER_KEY);
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return isUser(value) ? { uid: value.uid, email: value.email, name: value.name } : null;
  } catch {
    return null;
  }
}

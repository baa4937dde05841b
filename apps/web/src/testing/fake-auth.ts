import { vi } from 'vitest';
import type { AuthContextValue } from '../lib/identity/auth-provider.tsx';

/** A stand-in for useAuth(): tests set `user` and `loading`, and watch the actions. */
export function fakeAuth(patch: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user: null,
    loading: false,
    initialized: true,
    signIn: vi.fn(async (email: string) => ({ uid: 'u1', email, name: '' })),
    signUp: vi.fn(async (email: string) => ({ uid: 'u1', email, name: '' })),
    logout: vi.fn(async () => {}),
    sendPasswordResetEmail: vi.fn(async () => {}),
    ...patch,
  };
}

export const signedInUser = { uid: 'u1', email: 'ada@example.com', name: 'ada' };

/**
 * What a test's stand-in for the auth-provider module reads: the test sets `current`, and
 * useAuth() throws while it is unset. vi.mock factories run before imports, so create it in a
 * hoisted block:
 *
 *   const auth = await vi.hoisted(async () =>
 *     (await import('../testing/fake-auth.ts')).fakeAuthSlot(),
 *   );
 *   vi.mock('../lib/identity/auth-provider.tsx', () => ({ useAuth: auth.useAuth }));
 */
export function fakeAuthSlot() {
  const slot = {
    current: undefined as AuthContextValue | undefined,
    useAuth(): AuthContextValue {
      if (!slot.current) throw new Error('no fake auth');
      return slot.current;
    },
  };
  return slot;
}

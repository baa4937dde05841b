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

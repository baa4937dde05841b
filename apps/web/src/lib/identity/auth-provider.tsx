import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getAuthToken } from '../api/api-client.ts';
import { clearApiCache } from '../api/clear-api-cache.ts';
import { preferencesService } from '../api/preferences-service.ts';
import { MESSAGES } from '../spec-constants.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { identity, type IdentityUser } from './identity.ts';
import { runLogout } from './logout.ts';
import { initialSession, startSession, type SessionDeps, type SessionState } from './session.ts';

export interface AuthContextValue extends SessionState {
  signIn(email: string, password: string): Promise<IdentityUser>;
  signUp(email: string, password: string): Promise<IdentityUser>;
  logout(): Promise<void>;
  sendPasswordResetEmail(email: string): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

const sessionDeps: SessionDeps = {
  identity,
  fetchToken: () => getAuthToken(),
  createInitialPreferences: (record) => preferencesService.createInitial(record),
  setStoreUser: (uid) => useJournalStore.getState().setUser(uid),
};

/** docs/behaviour.md#error-catalogue: login, sign-up, logout and reset failures are logged and rethrown. */
async function logged<T>(label: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    console.error(`${label} failed`, error);
    throw error;
  }
}

const actions = {
  signIn: (email: string, password: string) =>
    logged('Login', () => identity.signIn(email, password)),
  signUp: (email: string, password: string) =>
    logged('Sign-up', () => identity.signUp(email, password)),
  sendPasswordResetEmail: (email: string) =>
    logged('Password reset', () => identity.sendPasswordResetEmail(email)),
  logout: () =>
    runLogout({
      clearCache: clearApiCache,
      resetStore: () => useJournalStore.getState().reset(),
      signOut: () => identity.signOut(),
    }),
};

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>(initialSession);
  useEffect(() => startSession(sessionDeps, setSession), []);
  const value = useMemo<AuthContextValue>(() => ({ ...session, ...actions }), [session]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  // The name is the documented text (docs/behaviour.md#error-catalogue), kept from the Firebase era on purpose.
  if (!value) throw new Error(MESSAGES.useAuthOutsideProvider);
  return value;
}

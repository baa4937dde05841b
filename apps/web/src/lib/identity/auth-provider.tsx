import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getAuthToken } from '../api/api-client.ts';
import { clearApiCache } from '../api/clear-api-cache.ts';
import { forgetSavedAreas, setAreaOwner } from '../saved-tiles/area-owner.ts';
import { identity, type IdentityUser } from './identity.ts';
import { runLogout } from './logout.ts';
import { initialSession, startSession, type SessionDeps, type SessionState } from './session.ts';

/** docs/behaviour.md#error-catalogue */
export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within a FirebaseAuthProvider';

export interface AuthContextValue extends SessionState {
  signIn(email: string, password: string): Promise<IdentityUser>;
  signUp(email: string, password: string): Promise<IdentityUser>;
  logout(): Promise<void>;
  sendPasswordResetEmail(email: string): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/**
 * What logout does to the journal store. lib/ sits below store/, so app/ passes the real store
 * in (app/journal-session.ts, which also tells the store who is signed in).
 */
export interface JournalSession {
  /** Empties the store and its stored copy on logout (logout waits for it). */
  reset(): void | Promise<void>;
}

function sessionDeps(): SessionDeps {
  return {
    identity,
    fetchToken: () => getAuthToken(),
    // The preferences code (and zod with it) loads only when a user signs in on a new device.
    createInitialPreferences: (record) =>
      import('../api/preferences-service.ts').then(({ preferencesService }) =>
        preferencesService.createInitial(record),
      ),
    setAreaOwner: (uid) => void setAreaOwner(uid),
  };
}

/** docs/behaviour.md#error-catalogue: login, sign-up, logout and reset failures are logged and rethrown. */
async function logged<T>(label: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    console.error(`${label} failed`, error);
    throw error;
  }
}

function sessionActions(journal: JournalSession) {
  return {
    signIn: (email: string, password: string) =>
      logged('Login', () => identity.signIn(email, password)),
    signUp: (email: string, password: string) =>
      logged('Sign-up', () => identity.signUp(email, password)),
    sendPasswordResetEmail: (email: string) =>
      logged('Password reset', () => identity.sendPasswordResetEmail(email)),
    logout: () =>
      runLogout({
        clearCache: clearApiCache,
        resetStore: () => journal.reset(),
        forgetSavedAreas: () => forgetSavedAreas(),
        signOut: () => identity.signOut(),
      }),
  };
}

/** `journal` should be a constant: a new object makes new actions. */
export function AuthProvider({
  journal,
  children,
}: {
  journal: JournalSession;
  children: ReactNode;
}) {
  const [session, setSession] = useState<SessionState>(initialSession);
  useEffect(() => startSession(sessionDeps(), setSession), []);
  const actions = useMemo(() => sessionActions(journal), [journal]);
  const value = useMemo<AuthContextValue>(() => ({ ...session, ...actions }), [session, actions]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  // The name is the documented text (docs/behaviour.md#error-catalogue), kept from the Firebase era on purpose.
  if (!value) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return value;
}

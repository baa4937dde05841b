import { defaultPreferences } from '@fj/contract/preference-defaults';
import type { CreatePreferencesInput } from '@fj/contract/preferences';
import type { Identity, IdentityUser } from './identity.ts';

// docs/behaviour.md#session
/** The session counts as settled after this long even if the provider has not reported. */
export const AUTH_FALLBACK_MS = 15_000;
/** The pause after sign-in before a new user's preferences are created. */
export const PREFS_INIT_DELAY_MS = 500;
/** Local storage: who signed in last (logout.ts removes it). */
export const LAST_LOGGED_IN_USER_KEY = 'lastLoggedInUser';
/**
 * Local storage: someone has signed in on this device before. Logout keeps it (it names no one),
 * so the login page greets a returning device with "Welcome back" and a first visit without.
 */
export const SIGNED_IN_HERE_KEY = 'signedInHereBefore';
/** Local storage: this user's preferences record exists. */
export const userInitializedKey = (uid: string) => `user_initialized_${uid}`;
/** docs/behaviour.md#error-catalogue */
export const USER_DATA_INIT_FAILED = 'Failed to initialize user data';
export const TOKEN_FETCH_FAILED = 'Error getting user token';

export interface SessionState {
  user: IdentityUser | null;
  loading: boolean;
  initialized: boolean;
}

export const initialSession: SessionState = { user: null, loading: true, initialized: false };

export interface SessionDeps {
  identity: Pick<Identity, 'onAuthStateChanged'>;
  /** Warms the API client's token cache on sign-in. */
  fetchToken: () => Promise<unknown>;
  /** POST /preferences; true on success. */
  createInitialPreferences: (record: CreatePreferencesInput) => Promise<boolean>;
  /**
   * Whose saved map areas are read. (The journal store follows the identity's reports itself,
   * app/journal-session.ts.)
   */
  setAreaOwner: (uid: string | null) => void;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** docs/behaviour.md#preferences: the record a new user gets; id is the auth uid, name and email stay empty. */
export function initialPreferencesRecord(uid: string): CreatePreferencesInput {
  return {
    id: uid,
    name: '',
    email: '',
    customSpeciesCategories: [...defaultPreferences.customSpeciesCategories],
    customSpecies: structuredClone(defaultPreferences.customSpecies),
    customTerrainTypes: [...defaultPreferences.customTerrainTypes],
    customTreeTypes: [...defaultPreferences.customTreeTypes],
  };
}

/** Once per user and device: the marker is set only when the server took the record. */
async function initializeUserData(uid: string, deps: SessionDeps): Promise<void> {
  try {
    if (localStorage.getItem(userInitializedKey(uid))) return;
    const created = await deps.createInitialPreferences(initialPreferencesRecord(uid));
    if (created) localStorage.setItem(userInitializedKey(uid), 'true');
  } catch (error) {
    console.error(USER_DATA_INIT_FAILED, error);
  }
}

/**
 * The session (docs/behaviour.md#session) as a plain state machine, so its timings are testable without
 * React. Returns the cleanup function; `publish` receives every new state.
 */
export function startSession(deps: SessionDeps, publish: (state: SessionState) => void) {
  let state = initialSession;
  // The uid whose sign-in is handled or done: repeat reports for it are ignored.
  let handledUid: string | null = null;
  // Bumped on every transition, so a sign-in still waiting cannot finish after a sign-out.
  let generation = 0;

  const update = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    publish(state);
  };

  const fallback = setTimeout(() => {
    if (!state.loading) return;
    console.warn(`Sign-in state not reported within ${AUTH_FALLBACK_MS} ms; continuing`);
    update({ loading: false, initialized: true });
  }, AUTH_FALLBACK_MS);

  function signedOut() {
    generation += 1;
    handledUid = null;
    clearTimeout(fallback);
    deps.setAreaOwner(null);
    update({ user: null, loading: false, initialized: true });
  }

  async function signedIn(user: IdentityUser) {
    const run = ++generation;
    handledUid = user.uid;
    try {
      localStorage.setItem(LAST_LOGGED_IN_USER_KEY, user.uid);
      localStorage.setItem(SIGNED_IN_HERE_KEY, 'true');
    } catch (error) {
      console.warn('Could not remember the last signed-in user', error);
    }
    deps.setAreaOwner(user.uid);
    update({ user });
    try {
      await deps.fetchToken();
    } catch (error) {
      console.error(TOKEN_FETCH_FAILED, error);
    }
    await delay(PREFS_INIT_DELAY_MS);
    if (run !== generation) return;
    await initializeUserData(user.uid, deps);
    if (run !== generation) return;
    clearTimeout(fallback);
    update({ loading: false, initialized: true });
  }

  const unsubscribe = deps.identity.onAuthStateChanged(
    (user) => {
      if (!user) return signedOut();
      if (user.uid === handledUid) return;
      void signedIn(user);
    },
    (error) => {
      console.error('Auth state error', error);
      signedOut();
    },
  );

  return () => {
    generation += 1;
    clearTimeout(fallback);
    unsubscribe();
  };
}

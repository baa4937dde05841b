import {
  sessionAnswerReading,
  tokenAnswerReading,
  userAnswerReading,
  type UserAnswer,
} from '@fj/contract/identity';
import { AuthHttpError, createAuthCall, type AuthCall } from './auth-http.ts';
import { IdentityError, readIdentityAnswer, TOKEN_EXPIRED_CODE } from './identity-error.ts';
import { sessionTransport, type SessionTransport } from './session-transport.ts';

export { IdentityError } from './identity-error.ts';

export interface IdentityUser {
  uid: string;
  email: string;
  name: string;
}

export interface Identity {
  /** First report once GET /api/auth/get-session has answered; later ones after sign-in/up/out. */
  onAuthStateChanged(
    next: (user: IdentityUser | null) => void,
    error?: (e: unknown) => void,
  ): () => void;
  currentUser(): IdentityUser | null;
  /** Never cached here: the API client keeps the token (docs/behaviour.md#api-client), so every call asks the server. */
  getIdToken(forceRefresh?: boolean): Promise<string>;
  signIn(email: string, password: string): Promise<IdentityUser>;
  signUp(email: string, password: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
  sendPasswordResetEmail(email: string): Promise<void>;
}

interface Listener {
  next: (user: IdentityUser | null) => void;
  error?: (e: unknown) => void;
}

function toUser(answer: UserAnswer): IdentityUser {
  const { id, email = '', name = '' } = answer.user;
  return { uid: id, email, name };
}

const readUser = (body: unknown) => toUser(readIdentityAnswer(userAnswerReading, body));

function readSession(body: unknown): IdentityUser | null {
  const session = readIdentityAnswer(sessionAnswerReading, body);
  return session ? toUser(session) : null;
}

export function createIdentity(transport: SessionTransport): Identity {
  const call: AuthCall = createAuthCall(transport);
  const listeners = new Set<Listener>();
  let user: IdentityUser | null = null;
  let settled = false;
  let firstCheck: Promise<void> | null = null;
  // Bumped by every sign-in/up/out, so a slow first session check cannot overwrite them.
  let generation = 0;

  function notify(deliver: (listener: Listener) => void) {
    for (const listener of [...listeners]) {
      try {
        deliver(listener);
      } catch (error) {
        console.error('Auth state listener failed', error);
      }
    }
  }

  function report(next: IdentityUser | null) {
    user = next;
    settled = true;
    generation += 1;
    notify((listener) => listener.next(next));
  }

  function startFirstCheck() {
    const started = generation;
    firstCheck ??= call('GET', '/get-session')
      .then(readSession)
      .then(
        (user) => {
          if (generation === started) report(user);
        },
        (error: unknown) => {
          if (generation !== started) return;
          // docs/behaviour.md#error-catalogue: an auth state error leads to the signed-out state.
          user = null;
          settled = true;
          notify((listener) => (listener.error ? listener.error(error) : listener.next(null)));
        },
      );
  }

  return {
    onAuthStateChanged(next, error) {
      const listener: Listener = { next, error };
      listeners.add(listener);
      if (settled) {
        // As Firebase does: a late subscriber hears the current state, but never synchronously.
        queueMicrotask(() => {
          if (listeners.has(listener)) next(user);
        });
      } else {
        startFirstCheck();
      }
      return () => {
        listeners.delete(listener);
      };
    },
    currentUser: () => user,
    async getIdToken() {
      try {
        return readIdentityAnswer(tokenAnswerReading, await call('GET', '/token')).token;
      } catch (error) {
        // 401 means the session behind the token is gone (docs/behaviour.md#identity-provider).
        if (error instanceof AuthHttpError && error.status === 401)
          throw new IdentityError(TOKEN_EXPIRED_CODE, error.message);
        throw error;
      }
    },
    async signIn(email, password) {
      const signedIn = readUser(await call('POST', '/sign-in/email', { email, password }));
      report(signedIn);
      return signedIn;
    },
    async signUp(email, password) {
      const name = email.split('@')[0] ?? '';
      const body = await call('POST', '/sign-up/email', { email, password, name });
      const signedUp = readUser(body);
      report(signedUp);
      return signedUp;
    },
    async signOut() {
      await call('POST', '/sign-out', {});
      await transport.clear();
      report(null);
    },
    async sendPasswordResetEmail(email) {
      await call('POST', '/request-password-reset', { email, redirectTo: '/login' });
    },
  };
}

/** The app's one identity client: the only code that talks to /api/auth. */
export const identity: Identity = createIdentity(sessionTransport);

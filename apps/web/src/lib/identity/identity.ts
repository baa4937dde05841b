import { tokenAnswerReading } from '@fj/contract/identity';
import { AuthHttpError, createAuthCall, NETWORK_ERROR_CODE, type AuthCall } from './auth-http.ts';
import { IdentityError, readIdentityAnswer, TOKEN_EXPIRED_CODE } from './identity-error.ts';
import { readSession, readUser } from './identity-answers.ts';
import { browserDevice, PENDING_SIGN_OUT_KEY, type IdentityDevice } from './identity-device.ts';
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
  /**
   * Hears the same reports (an auth state error as null) without asking the server: the first
   * check starts only when someone calls onAuthStateChanged. The start-up links the journal
   * store here before anything else listens (app/journal-session.ts).
   */
  followSignIn(next: (user: IdentityUser | null) => void): () => void;
  currentUser(): IdentityUser | null;
  /** Never cached here: the API client keeps the token (docs/behaviour.md#api-client), so every call asks the server. */
  getIdToken(forceRefresh?: boolean): Promise<string>;
  signIn(email: string, password: string): Promise<IdentityUser>;
  signUp(email: string, password: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
  sendPasswordResetEmail(email: string): Promise<void>;
  /**
   * The journal is opened offline (docs/behaviour.md#offline-start): until the server has
   * answered, the user it last named on this device is signed in from the device. Nothing
   * once the server has said who is signed in.
   */
  startOffline(): void;
}

interface Listener {
  next: (user: IdentityUser | null) => void;
  error?: (e: unknown) => void;
}

/** docs/behaviour.md#offline-start: while the server cannot be reached, it is asked again this often. */
export const OFFLINE_RECHECK_MS = 60_000;
const noResponse = (error: unknown) =>
  error instanceof IdentityError && error.code === NETWORK_ERROR_CODE;

export function createIdentity(
  transport: SessionTransport,
  device: IdentityDevice = browserDevice,
): Identity {
  const call: AuthCall = createAuthCall(transport);
  const listeners = new Set<Listener>();
  let user: IdentityUser | null = null;
  let settled = false;
  let firstCheck: Promise<void> | null = null;
  // Bumped by every sign-in/up/out, so a slow first session check cannot overwrite them.
  let generation = 0;
  // docs/behaviour.md#offline-start: with no network, the user the server last named here is
  // signed in from the device's copy, and the server is asked again when the network is back.
  let stopOfflineWait = (): void => undefined;
  // The generation whose user came from the device, not from the server (-1: none).
  let fromDevice = -1;

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
    stopOfflineWait();
    device.rememberUser(next);
    user = next;
    settled = true;
    generation += 1;
    notify((listener) => listener.next(next));
  }

  function waitForServer() {
    stopOfflineWait();
    const again = () => {
      stopOfflineWait();
      void recheckSession(generation);
    };
    const stopListening = device.onBackOnline(again);
    const timer = setTimeout(again, OFFLINE_RECHECK_MS);
    stopOfflineWait = () => {
      stopListening();
      clearTimeout(timer);
      stopOfflineWait = () => undefined;
    };
  }

  /** A sign-out made offline is told to the server before the session is believed again. */
  async function askSession(): Promise<IdentityUser | null> {
    if (device.storage?.getItem(PENDING_SIGN_OUT_KEY)) {
      try {
        await call('POST', '/sign-out', {});
      } catch (error) {
        // Any answer (a 401 when the session is gone already) means the server has heard.
        if (noResponse(error)) throw error;
      }
      device.storage.removeItem(PENDING_SIGN_OUT_KEY);
    }
    return readSession(await call('GET', '/get-session'));
  }

  /** Signs the user the server last named here in from the device, until the server answers. */
  function signInFromDevice(known: IdentityUser) {
    report(known);
    fromDevice = generation;
    waitForServer();
  }

  /**
   * Signed in from the device: the server's answer decides (another user, or none: the session
   * ended meanwhile); the same user is confirmed without a new report.
   */
  function confirm(answer: IdentityUser | null) {
    if (answer?.uid !== user?.uid) return report(answer);
    stopOfflineWait();
    fromDevice = -1;
  }

  /** Signed in offline: anything but an answer keeps the offline session and asks again later. */
  async function recheckSession(started: number): Promise<void> {
    try {
      const answer = await askSession();
      if (generation === started) confirm(answer);
    } catch {
      if (generation === started) waitForServer();
    }
  }

  function startFirstCheck() {
    const started = generation;
    firstCheck ??= askSession().then(
      (answer) => {
        if (generation === started) report(answer);
        else if (generation === fromDevice) confirm(answer);
      },
      (error: unknown) => {
        if (generation !== started) return; // signed in meanwhile (or from the device: it waits)
        const known = noResponse(error) ? device.rememberedUser() : null;
        if (known) return signInFromDevice(known);
        // docs/behaviour.md#error-catalogue: an auth state error leads to the signed-out state.
        user = null;
        settled = true;
        notify((listener) => (listener.error ? listener.error(error) : listener.next(null)));
      },
    );
  }

  /** A late listener hears the current state, as Firebase does, but never synchronously. */
  function listen(listener: Listener): () => void {
    listeners.add(listener);
    if (settled)
      queueMicrotask(() => {
        if (listeners.has(listener)) listener.next(user);
      });
    return () => {
      listeners.delete(listener);
    };
  }

  return {
    onAuthStateChanged(next, error) {
      const stop = listen({ next, error });
      if (!settled) startFirstCheck();
      return stop;
    },
    followSignIn: (next) => listen({ next }),
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
      try {
        await call('POST', '/sign-out', {});
      } catch (error) {
        if (!noResponse(error)) throw error;
        // No network: signed out here now, and the server is told before anything else next time.
        device.storage?.setItem(PENDING_SIGN_OUT_KEY, '1');
      }
      await transport.clear();
      report(null);
    },
    async sendPasswordResetEmail(email) {
      await call('POST', '/request-password-reset', { email, redirectTo: '/login' });
    },
    startOffline() {
      if (settled) return;
      const known = device.rememberedUser();
      if (!known) return;
      // The session check goes on (or starts now): its answer, whenever it comes, decides.
      startFirstCheck();
      signInFromDevice(known);
    },
  };
}

/** The app's one identity client: the only code that talks to /api/auth. */
export const identity: Identity = createIdentity(sessionTransport);

import { authReadiness, getAuthToken } from '../lib/api/api-client.ts';
import { getApiBaseUrl, getApiOrigin } from '../lib/api/api-base.ts';
import { clientConfigUrl, configHeaders, getClientConfig } from '../lib/api/client-config.ts';
import { sendEarly } from '../lib/api/early-answer.ts';
import { firstReadPath } from '../lib/api/location-paths.ts';
import { identity, PENDING_SIGN_OUT_KEY } from '../lib/identity/identity.ts';
import { LAST_LOGGED_IN_USER_KEY } from '../lib/identity/session.ts';
import { sessionTransport } from '../lib/identity/session-transport.ts';
import { mapLibraryLoaders } from '../lib/maps/map-libraries.ts';
import { streetsStyleUrls, warmStreetsStyle } from '../lib/maps/streets-style.ts';
import { journalSession, loadJournalStore } from './journal-session.ts';
import { preloadSignedInPage } from './pages.ts';
import { refreshSignedInToken } from './readiness/refresh-token.ts';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The session check (GET /api/auth/get-session), sent beside the health check instead of after
 * it; the identity client takes its answer when it first asks. On a device where someone was
 * signed in, the start-up token (GET /api/auth/token, which only needs the session) goes with
 * it instead of after its answer. Neither when a sign-out made offline is still to be told to
 * the server: that must reach the server before the session is asked.
 */
async function checkSessionEarly(): Promise<boolean> {
  if (stored(PENDING_SIGN_OUT_KEY)) return false;
  const init = await sessionTransport.prepare({ method: 'GET', headers: {} });
  if (stored(LAST_LOGGED_IN_USER_KEY) !== null)
    void sendEarly(`${getApiOrigin()}/api/auth/token`, init);
  return sendEarly(`${getApiOrigin()}/api/auth/get-session`, init);
}

/** The map settings, then the streets style they name (each asked for once, by whoever is first). */
function warmMapStyle(): void {
  void getClientConfig().then((config) => warmStreetsStyle(streetsStyleUrls(config)[0] ?? ''));
}

/**
 * The cursor of the local copy of the user last signed in on this device, read as the app
 * starts (the local copy's module, idb and IndexedDB's open take a while) for the journal's
 * first read below; undefined when it could not be read.
 */
let startCursor: { uid: string; cursor: Promise<string | null | undefined> } | null = null;

function readCursorAtStart(uid: string): void {
  const cursor = import('../lib/offline/local-copy.ts').then(({ readStoredCursor }) =>
    readStoredCursor(uid),
  );
  startCursor = { uid, cursor: cursor.catch(() => undefined) };
}

/**
 * The journal's first read (store/location-sync.ts: GET /locations, or GET /sync from the local
 * copy's cursor) sent as soon as the start-up token is there, instead of after the journal
 * store's scripts have arrived and the whole local copy has been read. The store's own request
 * takes its answer (lib/api/http-client.ts); nothing is sent when the cursor cannot be read.
 */
async function readJournalEarly(uid: string): Promise<void> {
  if (startCursor?.uid !== uid) return; // another user than the device's last: the store reads
  const [cursor] = await Promise.all([startCursor.cursor, refreshSignedInToken()]);
  if (cursor === undefined) return;
  const token = await getAuthToken();
  if (identity.currentUser()?.uid !== uid) return;
  await sendEarly(`${getApiBaseUrl()}${firstReadPath(cursor)}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    credentials: 'include',
  });
}

/**
 * The server has answered the session check: its answer becomes the identity's first report,
 * the start-up token refresh follows at once, and a signed-in user's page (on `/` also the map
 * settings, the streets style and the journal's spots) is asked for, all while the readiness
 * gate may still be waiting for the health check. Each is asked for once, whoever asks first.
 */
async function warmUpSignedIn(pathname: string): Promise<void> {
  void refreshSignedInToken().catch(() => undefined); // the gate logs a failure
  await authReadiness.wait();
  const user = identity.currentUser();
  if (!user) return;
  // The token refresh goes out first: the gate waits for it, and the browser has few connections.
  await new Promise((resolve) => setTimeout(resolve, 0));
  preloadSignedInPage(pathname);
  if (pathname !== '/') return;
  warmMapStyle();
  void readJournalEarly(user.uid).catch(() => undefined); // the store reads it itself
  journalSession.setUser(user.uid);
  const { useJournalStore } = await loadJournalStore();
  const journal = useJournalStore.getState();
  if (journal.userId === user.uid) void journal.fetchLocations();
}

/**
 * At start, before the server has even said who is signed in (docs/behaviour.md#page-loading):
 * on the home page of a device where someone is signed in, MapLibre (the largest download by
 * far, and its worker) starts loading at once and the local copy's cursor is read; on every
 * gated page the session check (and on such a device the token) goes out beside the readiness
 * check, and what follows from its answer starts as soon as it is there instead of after the
 * gate. A visitor's /login gets only the session check (no page scripts).
 */
export function warmUpAtStart(pathname: string): void {
  if (pathname === '/privacy-policy') return; // outside the gate (docs/behaviour.md#routes)
  const lastUser = stored(LAST_LOGGED_IN_USER_KEY);
  if (pathname === '/' && lastUser !== null) {
    // A failure shows when the map itself asks for its library.
    void mapLibraryLoaders.marker().catch(() => undefined);
    readCursorAtStart(lastUser);
    // The map settings need no session: asked for now, kept only if the server answers.
    void sendEarly(clientConfigUrl(), { headers: configHeaders }).then((answered) => {
      if (answered) warmMapStyle();
    });
  }
  void checkSessionEarly().then((answered) => {
    if (answered) void warmUpSignedIn(pathname);
  });
}

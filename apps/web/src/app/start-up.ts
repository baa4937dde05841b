import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { authReadiness, getAuthToken } from '../lib/api/api-client.ts';
import { getApiBaseUrl, getApiOrigin } from '../lib/api/api-base.ts';
import { clientConfigUrl, configHeaders, getClientConfig } from '../lib/api/client-config.ts';
import { sendEarly } from '../lib/api/early-answer.ts';
import { firstReadPath } from '../lib/api/location-paths.ts';
import { identity } from '../lib/identity/identity.ts';
import { sessionTransport } from '../lib/identity/session-transport.ts';
import {
  lastUserOnThisDevice,
  signOutPendingOnThisDevice,
  wasSignedInOnThisDevice,
} from '../lib/identity/this-device.ts';
import { mapLibraryLoaders } from '../lib/maps/map-libraries.ts';
import { useMapsService } from '../lib/maps/maps-provider.tsx';
import { streetsStyleUrls, warmStreetsStyle } from '../lib/maps/streets-style.ts';
import { loadJournalStore, storeFollowsSignIn } from './journal-session.ts';
import { preloadSignedInPage } from './pages.ts';
import { refreshSignedInToken } from './readiness/refresh-token.ts';

/*
 * The web app's start-up (docs/architecture.md#first-load, docs/behaviour.md#page-loading), in
 * this order, because each step needs the one before or competes with it for the browser's few
 * connections:
 *
 * 1. `startUp`, from main.tsx before React renders: the journal store follows the identity's
 *    reports (the one place it learns who is signed in), before anything else listens.
 * 2. On `/` of a device someone signed in on: MapLibre (the largest download), the local copy's
 *    cursor and the map settings; none of these needs the session.
 * 3. The session check beside the readiness gate's health check, and on such a device the
 *    start-up token with it (it needs only the session cookie).
 * 4. From the session's answer, still before the gate passes: the token refresh first (the gate
 *    waits for it), then the page's scripts and on `/` the streets style, the journal store's
 *    first fetch and, with the token, the journal's first read sent early.
 * 5. On every signed-in page afterwards (`useSignedInWarmUp`, in RequireUser): its scripts and
 *    on `/` the same map and journal requests, which find the early ones under way.
 *
 * Everything is asked for once, by whoever is first. Early requests go through
 * lib/api/early-answer.ts: their owners take the answer with `fetchOrEarly`, or ask the server.
 */

/** The map settings, then the streets style they name. */
function warmMapStyle(): void {
  void getClientConfig().then((config) => warmStreetsStyle(streetsStyleUrls(config)[0] ?? ''));
}

/** The spots, once the store knows who is signed in (journal-session.ts tells it first). */
function fetchSpots(): void {
  void loadJournalStore().then(({ useJournalStore }) => {
    const journal = useJournalStore.getState();
    if (journal.userId) void journal.fetchLocations();
  });
}

/**
 * The session check (GET /api/auth/get-session) and, on a device someone signed in on, the
 * start-up token (GET /api/auth/token); the identity client takes their answers when it asks.
 * Neither while a sign-out made offline waits: the server must hear it before the session is asked.
 */
async function checkSessionEarly(): Promise<boolean> {
  if (signOutPendingOnThisDevice()) return false;
  const init = await sessionTransport.prepare({ method: 'GET', headers: {} });
  if (wasSignedInOnThisDevice()) void sendEarly(`${getApiOrigin()}/api/auth/token`, init);
  return sendEarly(`${getApiOrigin()}/api/auth/get-session`, init);
}

/**
 * The cursor of the local copy of the device's last user, read at once (the local copy's
 * module, idb and IndexedDB's open take a while); undefined when it could not be read.
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
 * copy's cursor) sent as soon as the start-up token is there, instead of after the store's
 * scripts have arrived and the whole local copy has been read. The store's own request takes
 * its answer (lib/api/http-client.ts); nothing is sent when the cursor cannot be read.
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

/** Step 4: the server has answered the session check, the gate may still be waiting. */
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
  fetchSpots();
}

/**
 * Steps 1 to 4, from main.tsx. A visitor's /login gets only the session check (no page
 * scripts); /privacy-policy, outside the gate (docs/behaviour.md#routes), gets nothing.
 */
export function startUp(pathname: string): void {
  storeFollowsSignIn();
  if (pathname === '/privacy-policy') return;
  const lastUser = lastUserOnThisDevice();
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

/**
 * Step 5: what a signed-in page needs, asked for all at once as soon as the user is known: the
 * signed-in frame and the page's script; on `/` also the map library, the map settings with
 * their streets style, and the journal's spots.
 */
export function useSignedInWarmUp(signedIn: boolean): void {
  const { pathname } = useLocation();
  const maps = useMapsService();
  useEffect(() => {
    if (!signedIn) return;
    preloadSignedInPage(pathname);
    if (pathname !== '/') return;
    maps.requestStreetsStyle();
    maps.requestLibrary('marker');
    fetchSpots();
  }, [signedIn, pathname, maps]);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, installFakeFetch, json } from '../testing/fake-fetch.ts';
import { freshIndexedDbPerTest, timersBesideIndexedDb } from '../testing/fake-indexeddb.ts';

/**
 * The real identity, token cache, early answers and journal session against a fake server;
 * pages, the map library and the store itself are stand-ins.
 */
const fakes = vi.hoisted(() => {
  const store = {
    userId: null as string | null,
    setUser: vi.fn((uid: string | null) => void (store.userId = uid)),
    fetchLocations: vi.fn(async () => undefined),
  };
  return { preload: vi.fn(), marker: vi.fn(async () => ({})), store };
});
vi.mock('./pages.ts', () => ({ preloadSignedInPage: fakes.preload }));
vi.mock('../lib/maps/map-libraries.ts', () => ({ mapLibraryLoaders: { marker: fakes.marker } }));
vi.mock('../store/journal-store.ts', () => ({ useJournalStore: { getState: () => fakes.store } }));

let server: FakeFetch;
const session = json({ session: { id: 's' }, user: { id: 'user-1', email: 'a', name: 'a' } });

async function load() {
  vi.resetModules();
  const { startUp } = await import('./start-up.ts');
  const { refreshSignedInToken } = await import('./readiness/refresh-token.ts');
  const { identity } = await import('../lib/identity/identity.ts');
  const { loadJournalStore } = await import('./journal-session.ts');
  return { startUp, refreshSignedInToken, identity, loadJournalStore };
}

/** Lets the timers and promise callbacks of the warm-up run. */
async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await flush(20);
    await vi.advanceTimersByTimeAsync(1);
  }
}

/**
 * Real turns of the event loop too (fake-indexeddb answers on setImmediate, and the local copy's
 * module is imported for real), for at most `ms` of real time; setImmediate must be real.
 */
async function until(check: () => boolean, ms = 3000) {
  const start = performance.now();
  while (!check() && performance.now() - start < ms) {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(1);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  fakes.preload.mockClear();
  fakes.marker.mockClear();
  fakes.store.setUser.mockClear();
  fakes.store.fetchLocations.mockClear();
  fakes.store.userId = null;
  server = installFakeFetch();
  server.on('GET /api/config', () => json({ appName: 'Foraging Journal', mapStyleUrl: '' }));
  server.on('GET /api/auth/token', () => json({ token: 'token-1' }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the start-up (docs/behaviour.md#page-loading)', () => {
  it('on `/`: session check, token and map settings at once, then the page, before the gate', async () => {
    localStorage.setItem('lastLoggedInUser', 'user-1');
    let answer: (response: Response) => void = () => undefined;
    server.on('GET /api/auth/get-session', () => new Promise((resolve) => (answer = resolve)));
    const { startUp, refreshSignedInToken, identity } = await load();
    startUp('/');
    await settle();
    expect(server.calls.map((call) => call.url).sort()).toEqual([
      '/api/auth/get-session',
      '/api/auth/token',
      '/api/config',
    ]);
    expect(fakes.marker).toHaveBeenCalledTimes(1);
    expect(fakes.preload).not.toHaveBeenCalled();
    answer(session.clone());
    await settle();
    expect(identity.currentUser()?.uid).toBe('user-1');
    // The start-up refresh took the token sent early.
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(1);
    expect(fakes.preload).toHaveBeenCalledWith('/');
    expect(fakes.store.setUser).toHaveBeenCalledExactlyOnceWith('user-1');
    expect(fakes.store.fetchLocations).toHaveBeenCalledTimes(1);
    // The gate, once the health check passes, waits for that same refresh: no second one.
    await refreshSignedInToken();
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(1);
    expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(1);
    // And the journal's first read went out with that token (no local copy here: the list).
    vi.useRealTimers();
    await until(() => server.callsTo('GET /api/v1/locations').length > 0);
    expect(server.callsTo('GET /api/v1/locations')[0]?.headers.authorization).toBe(
      'Bearer token-1',
    );
  });

  it('a visitor on /login: only the session check, whose answer the identity then uses', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    const { startUp, identity } = await load();
    startUp('/login');
    await settle();
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    await settle();
    expect(next).toHaveBeenCalledExactlyOnceWith(null);
    expect(server.calls.map((call) => call.url)).toEqual(['/api/auth/get-session']);
    expect(fakes.preload).not.toHaveBeenCalled();
  });

  describe("on `/`, the journal's first read, sent with the start-up token", () => {
    freshIndexedDbPerTest();
    beforeEach(() => {
      vi.useRealTimers();
      vi.useFakeTimers(timersBesideIndexedDb);
      server.on('GET /api/auth/get-session', () => session.clone());
      server.on('GET /api/v1/locations', () => json([]));
      server.on('GET /api/v1/sync?since=c%201', () =>
        json({
          cursor: 'c 2',
          full: false,
          locations: [],
          deleted: { locations: [], entries: [] },
        }),
      );
    });

    const reads = () =>
      server.calls.filter((call) => /^\/api\/v1\/(locations|sync)/.test(call.url));

    it('is the whole list on a device without a local copy, and the store takes its answer', async () => {
      localStorage.setItem('lastLoggedInUser', 'user-1');
      const { startUp } = await load();
      startUp('/');
      await until(() => reads().length > 0);
      expect(reads().map((call) => [call.url, call.headers.authorization])).toEqual([
        ['/api/v1/locations', 'Bearer token-1'],
      ]);
      const { locationsApi } = await import('../lib/api/locations-api.ts');
      await expect(locationsApi.list()).resolves.toMatchObject({ locations: [] });
      expect(reads()).toHaveLength(1);
    });

    it("is what changed since the local copy's cursor on a device that holds one", async () => {
      localStorage.setItem('lastLoggedInUser', 'user-1');
      const { startUp } = await load();
      const { createLocalCopy } = await import('../lib/offline/local-copy.ts');
      const copy = createLocalCopy('user-1');
      await copy.saveLocations([], [], 'c 1', 1);
      startUp('/');
      await until(() => reads().length > 0);
      expect(reads().map((call) => call.url)).toEqual(['/api/v1/sync?since=c%201']);
    });

    it("is not sent for another user than the device's last one: the store reads", async () => {
      localStorage.setItem('lastLoggedInUser', 'user-2');
      const { startUp } = await load();
      startUp('/');
      await until(() => fakes.store.fetchLocations.mock.calls.length > 0);
      await until(() => false, 300);
      expect(reads()).toEqual([]);
    });
  });

  it('a session check with no answer changes nothing: the identity asks again later', async () => {
    server.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    server.on('GET /api/auth/get-session', () => session.clone());
    const { startUp, identity } = await load();
    startUp('/');
    await settle();
    expect(identity.currentUser()).toBeNull();
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(0);
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    await settle();
    expect(next).toHaveBeenCalledWith(expect.objectContaining({ uid: 'user-1' }));
    // The failed early one (not in the fake server's log) and the identity's own.
    const asked = server.fetchMock.mock.calls.filter(([url]) => url === '/api/auth/get-session');
    expect(asked).toHaveLength(2);
  });

  it('sends nothing early while a sign-out made offline waits, nor on the privacy policy', async () => {
    localStorage.setItem('pendingSignOut', '1');
    const { startUp } = await load();
    startUp('/login');
    await settle();
    localStorage.removeItem('pendingSignOut');
    startUp('/privacy-policy');
    await settle();
    expect(server.calls).toHaveLength(0);
  });
});

describe('who the journal store is told is signed in: the identity, from the start-up on', () => {
  beforeEach(() => {
    server.on('POST /api/auth/sign-in/email', () =>
      json({ token: 't', user: { id: 'user-2', email: 'b', name: 'b' } }),
    );
    server.on('POST /api/auth/sign-out', () => json({ success: true }));
  });

  it('hears the first report on any page, before a later listener asks the store', async () => {
    server.on('GET /api/auth/get-session', () => session.clone());
    const { startUp, identity, loadJournalStore } = await load();
    startUp('/settings');
    await settle();
    // The AuthProvider, mounted once the gate passes, hears the report after the store.
    const seenByListener: (string | null)[] = [];
    identity.onAuthStateChanged(
      (user) =>
        void loadJournalStore().then(({ useJournalStore }) => {
          if (user) seenByListener.push(useJournalStore.getState().userId);
        }),
    );
    await settle();
    expect(seenByListener).toEqual(['user-1']);
    expect(fakes.store.setUser).toHaveBeenCalledExactlyOnceWith('user-1');
  });

  it('follows a sign-in on /login and the sign-out after it', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    const { startUp, identity } = await load();
    startUp('/login');
    identity.onAuthStateChanged(() => undefined);
    await settle();
    // Nobody was signed in and the store never loaded: nothing to tell it.
    expect(fakes.store.setUser).not.toHaveBeenCalled();
    await identity.signIn('b', 'password');
    await settle();
    expect(fakes.store.setUser).toHaveBeenLastCalledWith('user-2');
    await identity.signOut();
    await settle();
    expect(fakes.store.setUser.mock.calls).toEqual([['user-2'], [null]]);
  });

  it('follows once, however often the start-up runs', async () => {
    server.on('GET /api/auth/get-session', () => session.clone());
    const { startUp, identity } = await load();
    startUp('/privacy-policy');
    startUp('/privacy-policy');
    identity.onAuthStateChanged(() => undefined);
    await settle();
    expect(fakes.store.setUser).toHaveBeenCalledExactlyOnceWith('user-1');
  });
});

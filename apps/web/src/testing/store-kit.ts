import { afterEach, beforeEach, vi } from 'vitest';
import { makeLocation } from './factories.ts';
import { flush, installFakeFetch, json, signedInServer, type FakeFetch } from './fake-fetch.ts';
import { serverPrefs } from './fixtures.ts';

/** A fresh store module (and API client) for each test: the store hydrates on import. */
export async function loadStore() {
  vi.resetModules();
  const { useJournalStore } = await import('../store/journal-store.ts');
  return useJournalStore;
}

export async function settle() {
  await flush(50);
}

/** A store whose user is signed in, with the species fetch of start-up done. */
export async function signedInStore() {
  const store = await loadStore();
  store.getState().setUser('user-1');
  await settle();
  return store;
}

/**
 * Registers the common set-up: fake timers at a fixed date, empty storage, and a fake server
 * with a signed-in session, preferences and one location. Returns live handles.
 */
export function setUpStoreTests() {
  const handles = {} as {
    server: FakeFetch;
    warn: ReturnType<typeof vi.spyOn>;
    error: ReturnType<typeof vi.spyOn>;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-06-01T12:00:00.000Z'));
    localStorage.clear();
    const server = installFakeFetch();
    signedInServer(server);
    server.on('GET /api/v1/preferences', () => json({ data: serverPrefs }));
    server.on('GET /api/v1/locations', () => json({ data: [makeLocation({ id: 'l1' })] }));
    for (const path of ['categories', 'terrain', 'trees'])
      server.on(`PUT /api/v1/preferences/${path}`, () => json({ data: serverPrefs }));
    handles.server = server;
    handles.warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    handles.error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return handles;
}

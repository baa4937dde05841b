import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeFetch,
  flush,
  installFakeFetch,
  json,
  signedInServer,
} from '../testing/fake-fetch.ts';

let server: FakeFetch;

/** The real module graph, fresh: provider, identity, API client, store, and app's wiring. */
async function load() {
  vi.resetModules();
  const { AuthProvider, useAuth } = await import('../lib/identity/auth-provider.tsx');
  const { useJournalStore } = await import('../store/journal-store.ts');
  const { journalSession, storeFollowsSignIn } = await import('./journal-session.ts');
  // The store follows the identity from the start-up on (app/start-up.ts), before the provider mounts.
  storeFollowsSignIn();
  // Loaded on demand by the provider in the app; loaded here first so its arrival does not
  // race the fake clock (the order of the session's steps is what these tests hold).
  await import('../lib/api/preferences-service.ts');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthProvider journal={journalSession}>{children}</AuthProvider>
  );
  return { useAuth, useJournalStore, wrapper };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  server = installFakeFetch();
  server.on('POST /api/v1/preferences', () => json({ data: {} }, 201));
  server.on('GET /api/v1/preferences', () =>
    json({ data: { customSpeciesCategories: ['herbs'], customSpecies: { herbs: ['mint'] } } }),
  );
  server.on('GET /api/v1/locations', () => json({ data: [] }));
  server.on('PUT /api/v1/preferences/terrain', () => json({ data: {} }));
  server.on('POST /api/auth/sign-out', () => json({ success: true }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useAuth', () => {
  it('outside its provider throws the documented text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { useAuth } = await load();
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within a FirebaseAuthProvider',
    );
  });
});

describe('AuthProvider', () => {
  it('signed out at start: leaves loading on the first report', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    const { useAuth, wrapper } = await load();
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current).toMatchObject({ user: null, loading: true, initialized: false });
    await advance(0);
    expect(result.current).toMatchObject({ user: null, loading: false, initialized: true });
  });

  it('signed in at start: token, then 500 ms later the default preferences, then ready', async () => {
    signedInServer(server, 'u1');
    const { useAuth, useJournalStore, wrapper } = await load();
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await flush(30);
    });
    expect(result.current).toMatchObject({ user: { uid: 'u1' }, loading: true });
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(1);
    expect(useJournalStore.getState().userId).toBe('u1');
    expect(server.callsTo('POST /api/v1/preferences')).toHaveLength(0);
    await advance(500);
    const posted = server.callsTo('POST /api/v1/preferences');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toMatchObject({ id: 'u1', name: '', email: '' });
    // The token fetched on sign-in is the one the API client sends.
    expect(posted[0]?.headers.authorization).toBe('Bearer token-1');
    expect(localStorage.getItem('user_initialized_u1')).toBe('true');
    expect(localStorage.getItem('lastLoggedInUser')).toBe('u1');
    expect(result.current).toMatchObject({ loading: false, initialized: true });
  });

  it('logout: cache cleared and store reset before the sign-out, lastLoggedInUser removed after', async () => {
    signedInServer(server, 'u1');
    const { useAuth, useJournalStore, wrapper } = await load();
    const { result } = renderHook(() => useAuth(), { wrapper });
    await advance(500);
    await act(async () => {
      await useJournalStore.getState().fetchLocations();
      await useJournalStore.getState().addCustomTerrain('Bog');
    });
    expect(localStorage.getItem('foraging-journal-store')).not.toBeNull();

    const seenAtSignOut: unknown[] = [];
    server.on('POST /api/auth/sign-out', () => {
      seenAtSignOut.push(
        useJournalStore.getState().userId,
        useJournalStore.getState().lastLocationsFetch,
        localStorage.getItem('foraging-journal-store'),
        localStorage.getItem('lastLoggedInUser'),
      );
      return json({ success: true });
    });
    await act(() => result.current.logout());
    expect(seenAtSignOut).toEqual([null, null, null, 'u1']);
    expect(localStorage.getItem('lastLoggedInUser')).toBeNull();
    expect(result.current).toMatchObject({ user: null, loading: false, initialized: true });
  });

  it('logout clears the API token cache: the next user gets a fresh token', async () => {
    const tokens = signedInServer(server, 'u1');
    server.on('POST /api/auth/sign-in/email', () =>
      json({ user: { id: 'u1', email: 'u1@example.com', name: 'u1' } }),
    );
    const { useAuth, useJournalStore, wrapper } = await load();
    const { result } = renderHook(() => useAuth(), { wrapper });
    await advance(500);
    await act(() => result.current.logout());
    await act(async () => {
      await result.current.signIn('u1@example.com', 'secret1');
    });
    await advance(500);
    await act(() => useJournalStore.getState().fetchLocations(true));
    expect(tokens.issued()).toBe(2);
    expect(server.callsTo('GET /api/v1/locations').at(-1)?.headers.authorization).toBe(
      'Bearer token-2',
    );
  });

  it('sign-in failures are logged and rethrown with the server message', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    server.on('POST /api/auth/sign-in/email', () =>
      json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 401),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { useAuth, wrapper } = await load();
    const { result } = renderHook(() => useAuth(), { wrapper });
    await advance(0);
    await expect(result.current.signIn('a@example.com', 'wrong12')).rejects.toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(error).toHaveBeenCalledWith('Login failed', expect.anything());
  });
});

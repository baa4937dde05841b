import { defaultPreferences } from '@fj/contract/preferences';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, hang, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { createIdentity, type Identity } from './identity.ts';
import { cookieSessionTransport } from './session-transport.ts';
import { startSession, type SessionDeps, type SessionState } from './session.ts';

const user = (id: string) => ({ id, email: `${id}@example.com`, name: id });

let server: FakeFetch;
let identity: Identity;
let states: SessionState[];
let deps: SessionDeps & {
  createInitialPreferences: ReturnType<typeof vi.fn<SessionDeps['createInitialPreferences']>>;
  setAreaOwner: ReturnType<typeof vi.fn<SessionDeps['setAreaOwner']>>;
};
let stop: () => void;

const last = () => states[states.length - 1];

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  server = installFakeFetch();
  server.on('GET /api/auth/token', () => json({ token: 'jwt' }));
  server.on('POST /api/auth/sign-in/email', (call) => {
    const email = String((call.body as { email: string }).email);
    return json({ token: 'x', user: user(email.split('@')[0] ?? '') });
  });
  server.on('POST /api/auth/sign-out', () => json({ success: true }));
  identity = createIdentity(cookieSessionTransport);
  states = [];
  deps = {
    identity,
    fetchToken: () => identity.getIdToken(),
    createInitialPreferences: vi.fn(async () => true),
    setAreaOwner: vi.fn(),
  };
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function start() {
  stop = startSession(deps, (state) => states.push(state));
}

describe('session start-up', () => {
  it('starts loading and leaves it after the 15000 ms fallback, not at 14999 ms', async () => {
    server.on('GET /api/auth/get-session', hang);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    start();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(last()).toEqual({ user: null, loading: false, initialized: true });
  });

  it('leaves loading on the first report when nobody is signed in', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    start();
    await flush();
    expect(last()).toEqual({ user: null, loading: false, initialized: true });
    expect(deps.setAreaOwner).toHaveBeenCalledWith(null);
    // The fallback has been cancelled.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(states).toHaveLength(1);
  });

  it('an auth state error is logged and leads to the signed-out state', async () => {
    server.on('GET /api/auth/get-session', () => Promise.reject(new TypeError('offline')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    start();
    await flush();
    expect(last()).toEqual({ user: null, loading: false, initialized: true });
    expect(error).toHaveBeenCalledWith('Auth state error', expect.anything());
  });
});

describe('session sign-in', () => {
  beforeEach(() => {
    server.on('GET /api/auth/get-session', () => json({ user: user('u1') }));
  });

  it('fetches the token, waits 500 ms, creates default preferences, then is initialized', async () => {
    start();
    await flush();
    expect(last()).toMatchObject({ user: { uid: 'u1' }, loading: true, initialized: false });
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(1);
    expect(deps.setAreaOwner).toHaveBeenCalledWith('u1');
    expect(localStorage.getItem('lastLoggedInUser')).toBe('u1');

    await vi.advanceTimersByTimeAsync(499);
    expect(deps.createInitialPreferences).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.createInitialPreferences).toHaveBeenCalledExactlyOnceWith({
      id: 'u1',
      name: '',
      email: '',
      customSpeciesCategories: ['mushrooms', 'berries', 'herbs'],
      customSpecies: defaultPreferences.customSpecies,
      customTerrainTypes: ['forest', 'meadow', 'riverbank'],
      customTreeTypes: ['oak', 'maple', 'pine'],
    });
    expect(localStorage.getItem('user_initialized_u1')).toBe('true');
    expect(last()).toEqual({
      user: { uid: 'u1', email: 'u1@example.com', name: 'u1' },
      loading: false,
      initialized: true,
    });
  });

  it('sets the user_initialized marker only when the preferences were created', async () => {
    deps.createInitialPreferences.mockResolvedValue(false);
    start();
    await vi.advanceTimersByTimeAsync(500);
    expect(deps.createInitialPreferences).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('user_initialized_u1')).toBeNull();
    // Loading still ends: the failure is only logged (docs/behaviour.md#error-catalogue).
    expect(last()).toMatchObject({ loading: false, initialized: true });
  });

  it('does not create preferences again when the marker is there', async () => {
    localStorage.setItem('user_initialized_u1', 'true');
    start();
    await vi.advanceTimersByTimeAsync(500);
    expect(deps.createInitialPreferences).not.toHaveBeenCalled();
    expect(last()).toMatchObject({ loading: false, initialized: true });
  });

  it("logs a token failure as 'Error getting user token' and carries on", async () => {
    server.on('GET /api/auth/token', () => json({ message: 'down' }, 500));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    start();
    await vi.advanceTimersByTimeAsync(500);
    expect(error).toHaveBeenCalledWith('Error getting user token', expect.anything());
    expect(deps.createInitialPreferences).toHaveBeenCalledTimes(1);
    expect(last()).toMatchObject({ loading: false, initialized: true });
  });

  it("logs an unexpected initialisation failure as 'Failed to initialize user data'", async () => {
    deps.createInitialPreferences.mockRejectedValue(new Error('boom'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    start();
    await vi.advanceTimersByTimeAsync(500);
    expect(error).toHaveBeenCalledWith('Failed to initialize user data', expect.anything());
    expect(localStorage.getItem('user_initialized_u1')).toBeNull();
    expect(last()).toMatchObject({ loading: false, initialized: true });
  });

  it('ignores repeat reports for the same uid once initialized', async () => {
    start();
    await vi.advanceTimersByTimeAsync(500);
    const published = states.length;
    await identity.signIn('u1@example.com', 'secret1');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(states).toHaveLength(published);
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(1);
    expect(deps.createInitialPreferences).toHaveBeenCalledTimes(1);
  });

  it('handles a different uid as a new sign-in', async () => {
    start();
    await vi.advanceTimersByTimeAsync(500);
    await identity.signIn('u2@example.com', 'secret1');
    await vi.advanceTimersByTimeAsync(500);
    expect(last()).toMatchObject({ user: { uid: 'u2' }, loading: false, initialized: true });
    expect(deps.createInitialPreferences).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'u2' }),
    );
    expect(localStorage.getItem('lastLoggedInUser')).toBe('u2');
  });

  it('on sign-out clears the user, ends loading and stays initialized', async () => {
    start();
    await vi.advanceTimersByTimeAsync(500);
    await identity.signOut();
    expect(last()).toEqual({ user: null, loading: false, initialized: true });
    expect(deps.setAreaOwner).toHaveBeenLastCalledWith(null);
  });

  it('a sign-out during the 500 ms wait cancels the pending initialisation', async () => {
    start();
    await flush();
    await identity.signOut();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(deps.createInitialPreferences).not.toHaveBeenCalled();
    expect(last()).toEqual({ user: null, loading: false, initialized: true });
  });
});

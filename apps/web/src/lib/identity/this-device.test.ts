import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import type { IdentityDevice } from './identity-device.ts';
import { createIdentity } from './identity.ts';
import { runLogout } from './logout.ts';
import { rememberedUser, rememberUser } from './remembered-user.ts';
import { cookieSessionTransport } from './session-transport.ts';
import { startSession } from './session.ts';
import {
  lastUserOnThisDevice,
  signOutPendingOnThisDevice,
  wasSignedInOnThisDevice,
} from './this-device.ts';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const device: IdentityDevice = {
  rememberedUser,
  rememberUser,
  onBackOnline: () => () => undefined,
  get storage() {
    return localStorage;
  },
};

let server: FakeFetch;
beforeEach(() => {
  localStorage.clear();
  server = installFakeFetch();
  server.on('GET /api/auth/get-session', () => json(null));
  server.on('GET /api/auth/token', () => json({ token: 'jwt' }));
  server.on('POST /api/auth/sign-in/email', () =>
    json({ token: 'x', user: { id: 'u1', email: 'ann@example.com', name: 'ann' } }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A signed-in session on this device, as the AuthProvider runs it. */
async function signInHere() {
  const identity = createIdentity(cookieSessionTransport, device);
  const stop = startSession(
    {
      identity,
      fetchToken: () => identity.getIdToken(),
      createInitialPreferences: async () => true,
      setAreaOwner: () => undefined,
    },
    () => undefined,
  );
  await flush();
  await identity.signIn('ann@example.com', 'password');
  await flush();
  return { identity, stop };
}

describe('what the identity knows of this device before the server answers', () => {
  it('nobody on a new device', () => {
    expect(wasSignedInOnThisDevice()).toBe(false);
    expect(lastUserOnThisDevice()).toBeNull();
    expect(signOutPendingOnThisDevice()).toBe(false);
  });

  it('the user who signed in here, until they log out', async () => {
    const { identity, stop } = await signInHere();
    expect(wasSignedInOnThisDevice()).toBe(true);
    expect(lastUserOnThisDevice()).toBe('u1');
    server.on('POST /api/auth/sign-out', () => json({ success: true }));
    await runLogout({
      clearCache: () => undefined,
      resetStore: () => undefined,
      forgetSavedAreas: async () => undefined,
      signOut: () => identity.signOut(),
    });
    stop();
    expect(wasSignedInOnThisDevice()).toBe(false);
    expect(lastUserOnThisDevice()).toBeNull();
  });

  it('a sign-out made with no network, until the server has heard it', async () => {
    const { identity, stop } = await signInHere();
    stop();
    server.on('POST /api/auth/sign-out', offline);
    await identity.signOut();
    expect(signOutPendingOnThisDevice()).toBe(true);
    server.on('POST /api/auth/sign-out', () => json({ success: true }));
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(() => undefined);
    await flush();
    expect(signOutPendingOnThisDevice()).toBe(false);
  });

  it('nobody when local storage cannot be read', async () => {
    await signInHere();
    vi.spyOn(localStorage, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(wasSignedInOnThisDevice()).toBe(false);
    expect(signOutPendingOnThisDevice()).toBe(false);
  });
});

describe('identity.followSignIn', () => {
  it('hears every report without asking the server itself', async () => {
    const identity = createIdentity(cookieSessionTransport, device);
    const followed = vi.fn();
    identity.followSignIn(followed);
    await flush();
    expect(server.calls).toHaveLength(0);
    identity.onAuthStateChanged(() => undefined);
    await flush();
    await identity.signIn('ann@example.com', 'password');
    expect(followed.mock.calls).toEqual([
      [null],
      [{ uid: 'u1', email: 'ann@example.com', name: 'ann' }],
    ]);
  });

  it('hears an auth state error as nobody signed in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.on('GET /api/auth/get-session', () => json({ message: 'broken' }, 500));
    const identity = createIdentity(cookieSessionTransport, device);
    const followed = vi.fn();
    identity.followSignIn(followed);
    identity.onAuthStateChanged(
      () => undefined,
      () => undefined,
    );
    await flush();
    expect(followed).toHaveBeenCalledExactlyOnceWith(null);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, installFakeFetch, json } from '../../testing/fake-fetch.ts';

/**
 * The plugins at their boundary, as in-memory key-value stores: capacitor-secure-storage-plugin
 * (which rejects for a missing key) keeps the token; @capacitor/preferences held it before.
 */
const storage = await vi.hoisted(async () =>
  (await import('../../testing/fake-native-storage.ts')).createFakeNativeStorage(),
);
vi.mock('capacitor-secure-storage-plugin', () => ({
  SecureStoragePlugin: storage.SecureStoragePlugin,
}));
vi.mock('@capacitor/preferences', () => ({ Preferences: storage.Preferences }));

const origin = 'https://journal.example.org';
const betterAuthUser = { id: 'u1', email: 'ann@example.com', name: 'ann' };
const withToken = (body: unknown, token: string) => {
  const response = json(body);
  response.headers.set('set-auth-token', token);
  return response;
};

let server: FakeFetch;

/** The app's own identity, as the native build wires it (fresh module state each time). */
async function nativeIdentity() {
  vi.stubGlobal('fjNativeShellStandIn', {});
  vi.stubEnv('VITE_API_ORIGIN', origin);
  vi.resetModules();
  const { identity } = await import('./identity.ts');
  const transport = await import('./session-transport.ts');
  return { identity, ...transport };
}

beforeEach(() => {
  storage.preferences.clear();
  storage.secure.clear();
  server = installFakeFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('session transport choice', () => {
  it('is the cookie on the web', async () => {
    vi.resetModules();
    const { sessionTransport, cookieSessionTransport } = await import('./session-transport.ts');
    expect(sessionTransport).toBe(cookieSessionTransport);
  });

  it('is the bearer token in the native app', async () => {
    const { sessionTransport, cookieSessionTransport } = await nativeIdentity();
    expect(sessionTransport).not.toBe(cookieSessionTransport);
  });
});

describe('native bearer session (better-auth bearer plugin)', () => {
  it('keeps the set-auth-token header after sign-in and sends it as Authorization, without cookies', async () => {
    server.on(`POST ${origin}/api/auth/sign-in/email`, () =>
      withToken({ token: 'x', user: betterAuthUser }, 'session-abc'),
    );
    server.on(`GET ${origin}/api/auth/token`, () => json({ token: 'jwt-1' }));
    const { identity } = await nativeIdentity();

    await identity.signIn('ann@example.com', 'secret1');
    const signIn = server.callsTo(`POST ${origin}/api/auth/sign-in/email`)[0];
    expect(signIn?.init.credentials).toBe('omit');
    expect(signIn?.headers.authorization).toBeUndefined();
    expect(signIn?.headers['content-type']).toBe('application/json');
    expect([...storage.secure.values()]).toEqual(['session-abc']);
    expect(storage.preferences.size).toBe(0);

    await expect(identity.getIdToken()).resolves.toBe('jwt-1');
    const tokenCall = server.callsTo(`GET ${origin}/api/auth/token`)[0];
    expect(tokenCall?.headers.authorization).toBe('Bearer session-abc');
    expect(tokenCall?.init.credentials).toBe('omit');
  });

  it('finds the kept token after a restart: the first session check is signed in', async () => {
    storage.secure.set('fj.sessionToken', 'session-kept');
    server.on(`GET ${origin}/api/auth/get-session`, (call) =>
      json(call.headers.authorization === 'Bearer session-kept' ? { user: betterAuthUser } : null),
    );
    const { identity } = await nativeIdentity();
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    // The store reads two plugins (and may move the token) before the session check goes out.
    await vi.waitFor(() => expect(next).toHaveBeenCalled());
    await flush();
    expect(next).toHaveBeenCalledExactlyOnceWith({
      uid: 'u1',
      email: 'ann@example.com',
      name: 'ann',
    });
  });

  it('signs in with a token an older version kept in preferences, and moves it', async () => {
    storage.preferences.set('fj.sessionToken', 'session-kept');
    server.on(`GET ${origin}/api/auth/get-session`, (call) =>
      json(call.headers.authorization === 'Bearer session-kept' ? { user: betterAuthUser } : null),
    );
    const { identity } = await nativeIdentity();
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    // The store reads two plugins (and may move the token) before the session check goes out.
    await vi.waitFor(() => expect(next).toHaveBeenCalled());
    await flush();
    expect(next).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ uid: 'u1' }));
    expect(storage.secure.get('fj.sessionToken')).toBe('session-kept');
    expect(storage.preferences.size).toBe(0);
  });

  it('replaces the token when the server sends a new one', async () => {
    storage.secure.set('fj.sessionToken', 'session-old');
    server.on(`POST ${origin}/api/auth/sign-up/email`, () =>
      withToken({ token: 'x', user: betterAuthUser }, 'session-new'),
    );
    const { identity } = await nativeIdentity();
    await identity.signUp('ann@example.com', 'secret1');
    expect(storage.secure.get('fj.sessionToken')).toBe('session-new');
  });

  it('removes the token on sign-out, after the server was told with it', async () => {
    server.on(`POST ${origin}/api/auth/sign-in/email`, () =>
      withToken({ token: 'x', user: betterAuthUser }, 'session-abc'),
    );
    server.on(`POST ${origin}/api/auth/sign-out`, () => json({ success: true }));
    const { identity } = await nativeIdentity();
    await identity.signIn('ann@example.com', 'secret1');
    await identity.signOut();
    const signOut = server.callsTo(`POST ${origin}/api/auth/sign-out`)[0];
    expect(signOut?.headers.authorization).toBe('Bearer session-abc');
    expect(storage.secure.size).toBe(0);
    expect(identity.currentUser()).toBeNull();
  });

  it('keeps no token from an answer without the header', async () => {
    server.on(`POST ${origin}/api/auth/request-password-reset`, () => json({ status: true }));
    const { identity } = await nativeIdentity();
    await identity.sendPasswordResetEmail('ann@example.com');
    expect(storage.secure.size).toBe(0);
  });
});

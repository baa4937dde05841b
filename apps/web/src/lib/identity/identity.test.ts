import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, hang, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { createIdentity, IdentityError, type IdentityUser } from './identity.ts';
import { cookieSessionTransport } from './session-transport.ts';

const betterAuthUser = { id: 'u1', email: 'ann@example.com', name: 'ann', emailVerified: false };
const ann: IdentityUser = { uid: 'u1', email: 'ann@example.com', name: 'ann' };

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  // Who signed in last is remembered for offline starts (identity-offline.test.ts).
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function fresh() {
  return createIdentity(cookieSessionTransport);
}

describe('identity: state reports', () => {
  it('reports the first state only after GET /api/auth/get-session answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.on('GET /api/auth/get-session', () => new Promise((resolve) => (answer = resolve)));
    const identity = fresh();
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    await flush();
    expect(next).not.toHaveBeenCalled();
    answer(json({ session: {}, user: betterAuthUser }));
    await flush();
    expect(next).toHaveBeenCalledExactlyOnceWith(ann);
    expect(identity.currentUser()).toEqual(ann);
    expect(server.calls[0]?.init.credentials).toBe('include');
  });

  it('reports null when there is no session (better-auth answers null)', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    const identity = fresh();
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    await flush();
    expect(next).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('asks for the session once, and tells a late subscriber the current state', async () => {
    server.on('GET /api/auth/get-session', () => json({ user: betterAuthUser }));
    const identity = fresh();
    identity.onAuthStateChanged(vi.fn());
    await flush();
    const late = vi.fn();
    identity.onAuthStateChanged(late);
    expect(late).not.toHaveBeenCalled();
    await flush();
    expect(late).toHaveBeenCalledExactlyOnceWith(ann);
    expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(1);
  });

  it('sends an auth state error to the error callback, leaving the user signed out', async () => {
    server.on('GET /api/auth/get-session', () => Promise.reject(new TypeError('offline')));
    const identity = fresh();
    const next = vi.fn();
    const error = vi.fn();
    identity.onAuthStateChanged(next, error);
    await flush();
    expect(next).not.toHaveBeenCalled();
    expect(error.mock.calls[0]?.[0]).toBeInstanceOf(IdentityError);
    expect(identity.currentUser()).toBeNull();
  });

  it('stops reporting after unsubscribe', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    server.on('POST /api/auth/sign-in/email', () => json({ token: 'x', user: betterAuthUser }));
    const identity = fresh();
    const next = vi.fn();
    const unsubscribe = identity.onAuthStateChanged(next);
    await flush();
    unsubscribe();
    await identity.signIn('ann@example.com', 'secret1');
    expect(next).toHaveBeenCalledTimes(1);
  });
});

describe('identity: sign-in, sign-up, sign-out, reset', () => {
  it('signs in with POST /api/auth/sign-in/email and reports the user', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    server.on('POST /api/auth/sign-in/email', () => json({ token: 'x', user: betterAuthUser }));
    const identity = fresh();
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    await flush();
    await expect(identity.signIn('ann@example.com', 'secret1')).resolves.toEqual(ann);
    const call = server.callsTo('POST /api/auth/sign-in/email')[0];
    expect(call?.body).toEqual({ email: 'ann@example.com', password: 'secret1' });
    expect(call?.init.credentials).toBe('include');
    expect(next.mock.calls).toEqual([[null], [ann]]);
  });

  it('signs up with the part of the email before @ as the name', async () => {
    server.on('POST /api/auth/sign-up/email', () => json({ token: 'x', user: betterAuthUser }));
    const identity = fresh();
    await identity.signUp('ann@example.com', 'secret1');
    expect(server.callsTo('POST /api/auth/sign-up/email')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'secret1',
      name: 'ann',
    });
    expect(identity.currentUser()).toEqual(ann);
  });

  it('turns a refusal into an IdentityError with the server code and message', async () => {
    server.on('POST /api/auth/sign-in/email', () =>
      json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 401),
    );
    const identity = fresh();
    const failure = identity.signIn('ann@example.com', 'wrong12');
    await expect(failure).rejects.toBeInstanceOf(IdentityError);
    await expect(failure).rejects.toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(identity.currentUser()).toBeNull();
  });

  it.each([
    ['a sign-in answer without a user', 'POST /api/auth/sign-in/email', { token: 'x' }],
    ['a token answer without a token', 'GET /api/auth/token', { jwt: 'x' }],
    ['a session whose user has no id', 'GET /api/auth/get-session', { user: { name: 'ann' } }],
  ])("rejects %s as 'auth/invalid-response'", async (_what, route, body) => {
    server.on(route, () => json(body));
    const identity = fresh();
    const failure = route.endsWith('sign-in/email')
      ? identity.signIn('ann@example.com', 'secret1')
      : route.endsWith('token')
        ? identity.getIdToken()
        : new Promise((_resolve, reject) => identity.onAuthStateChanged(vi.fn(), reject));
    await expect(failure).rejects.toBeInstanceOf(IdentityError);
    await expect(failure).rejects.toMatchObject({ code: 'auth/invalid-response' });
    expect(identity.currentUser()).toBeNull();
  });

  it('signs out with POST /api/auth/sign-out and reports null', async () => {
    server.on('POST /api/auth/sign-in/email', () => json({ token: 'x', user: betterAuthUser }));
    server.on('POST /api/auth/sign-out', () => json({ success: true }));
    const identity = fresh();
    await identity.signIn('ann@example.com', 'secret1');
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    await flush();
    await identity.signOut();
    expect(next.mock.calls).toEqual([[ann], [null]]);
    expect(identity.currentUser()).toBeNull();
  });

  it('a sign-in during the first session check is not overwritten by its late answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.on('GET /api/auth/get-session', () => new Promise((resolve) => (answer = resolve)));
    server.on('POST /api/auth/sign-in/email', () => json({ token: 'x', user: betterAuthUser }));
    const identity = fresh();
    identity.onAuthStateChanged(vi.fn());
    await identity.signIn('ann@example.com', 'secret1');
    answer(json(null));
    await flush();
    expect(identity.currentUser()).toEqual(ann);
  });

  it('requests a reset mail whose link returns to /login', async () => {
    server.on('POST /api/auth/request-password-reset', () => json({ status: true }));
    await fresh().sendPasswordResetEmail('ann@example.com');
    expect(server.callsTo('POST /api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ann@example.com',
      redirectTo: '/login',
    });
  });
});

describe('identity: ID tokens', () => {
  it('gets the token from GET /api/auth/token', async () => {
    server.on('GET /api/auth/token', () => json({ token: 'jwt-1' }));
    await expect(fresh().getIdToken()).resolves.toBe('jwt-1');
  });

  it("fails with 'auth/user-token-expired' when the session is gone (401)", async () => {
    server.on('GET /api/auth/token', () => json(null, 401));
    await expect(fresh().getIdToken(true)).rejects.toMatchObject({
      code: 'auth/user-token-expired',
    });
  });

  it('keeps other failures as they are', async () => {
    server.on('GET /api/auth/token', () => json({ code: 'INTERNAL', message: 'boom' }, 500));
    await expect(fresh().getIdToken()).rejects.toMatchObject({ code: 'INTERNAL', message: 'boom' });
  });

  it('ends a token request the server never answers after 30 s, not before, as no response', async () => {
    vi.useFakeTimers();
    try {
      server.on('GET /api/auth/token', hang);
      const outcome = vi.fn();
      fresh().getIdToken(true).then(outcome, outcome);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(outcome).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'auth/network-request-failed' }),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a token the start-up asked for early that never comes ends with the 30 s of the request that took it', async () => {
    vi.useFakeTimers();
    try {
      const { sendEarly } = await import('../api/early-answer.ts');
      server.on('GET /api/auth/token', hang);
      void sendEarly('/api/auth/token', { credentials: 'include' });
      await vi.advanceTimersByTimeAsync(10_000);
      const outcome = vi.fn();
      fresh().getIdToken(true).then(outcome, outcome);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(outcome).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'auth/network-request-failed' }),
      );
      expect(server.callsTo('GET /api/auth/token')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, hang, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { AUTH_FALLBACK_MS } from './session.ts';
import { PENDING_SIGN_OUT_KEY, type IdentityDevice } from './identity-device.ts';
import { createIdentity, OFFLINE_RECHECK_MS, type IdentityUser } from './identity.ts';
import { rememberedUser, rememberUser } from './remembered-user.ts';
import { cookieSessionTransport } from './session-transport.ts';

const ann: IdentityUser = { uid: 'u1', email: 'ann@example.com', name: 'ann' };
const annAnswer = { session: {}, user: { id: 'u1', email: 'ann@example.com', name: 'ann' } };
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

let server: FakeFetch;
let backOnline: (() => void) | null;
const device: IdentityDevice = {
  rememberedUser,
  rememberUser,
  onBackOnline(callback) {
    backOnline = callback;
    return () => {
      if (backOnline === callback) backOnline = null;
    };
  },
  get storage() {
    return localStorage;
  },
};

beforeEach(() => {
  server = installFakeFetch();
  backOnline = null;
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('identity with no network (docs/behaviour.md#offline-start)', () => {
  it('remembers the user the server names, and forgets them when the server says nobody', async () => {
    server.on('GET /api/auth/get-session', () => json(annAnswer));
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(vi.fn());
    await flush();
    expect(rememberedUser()).toEqual(ann);

    server.on('GET /api/auth/get-session', () => json(null));
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(vi.fn());
    await flush();
    expect(rememberedUser()).toBeNull();
  });

  it('signs the remembered user in when the session check gets no response', async () => {
    rememberUser(ann);
    server.on('GET /api/auth/get-session', offline);
    const next = vi.fn();
    const error = vi.fn();
    const identity = createIdentity(cookieSessionTransport, device);
    identity.onAuthStateChanged(next, error);
    await flush();
    expect(next).toHaveBeenCalledExactlyOnceWith(ann);
    expect(error).not.toHaveBeenCalled();
    expect(identity.currentUser()).toEqual(ann);
  });

  it('stays signed out offline when nobody was signed in here', async () => {
    server.on('GET /api/auth/get-session', offline);
    const next = vi.fn();
    const error = vi.fn();
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(next, error);
    await flush();
    expect(next).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledOnce();
  });

  it('a server error is not "no network": it still leads to the signed-out state', async () => {
    rememberUser(ann);
    server.on('GET /api/auth/get-session', () => json({ message: 'down' }, 503));
    const next = vi.fn();
    const error = vi.fn();
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(next, error);
    await flush();
    expect(next).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledOnce();
  });

  it('asks again when the network is back: the same user stays, without a second report', async () => {
    rememberUser(ann);
    server.on('GET /api/auth/get-session', offline);
    const next = vi.fn();
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(next);
    await flush();
    server.on('GET /api/auth/get-session', () => json(annAnswer));
    backOnline?.();
    await flush();
    expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(2);
    expect(next).toHaveBeenCalledExactlyOnceWith(ann);
    expect(backOnline).toBeNull();
  });

  it('signs out when the server, reached again, says the session ended meanwhile', async () => {
    rememberUser(ann);
    server.on('GET /api/auth/get-session', offline);
    const next = vi.fn();
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(next);
    await flush();
    server.on('GET /api/auth/get-session', () => json(null));
    backOnline?.();
    await flush();
    expect(next.mock.calls).toEqual([[ann], [null]]);
    expect(rememberedUser()).toBeNull();
  });

  it('asks again every 60 s while the server stays unreachable', async () => {
    vi.useFakeTimers();
    rememberUser(ann);
    server.on('GET /api/auth/get-session', offline);
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(vi.fn());
    await vi.advanceTimersByTimeAsync(0);
    expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(OFFLINE_RECHECK_MS - 1);
    expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(OFFLINE_RECHECK_MS);
    expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(3);
  });

  it('signs out offline at once, and tells the server first thing when it is reachable', async () => {
    rememberUser(ann);
    server.on('GET /api/auth/get-session', offline);
    server.on('POST /api/auth/sign-out', offline);
    const next = vi.fn();
    const identity = createIdentity(cookieSessionTransport, device);
    identity.onAuthStateChanged(next);
    await flush();
    await identity.signOut();
    expect(next.mock.calls).toEqual([[ann], [null]]);
    expect(rememberedUser()).toBeNull();
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBe('1');

    // The next start, online: the sign-out reaches the server before the session is asked.
    server.on('POST /api/auth/sign-out', () => json({ success: true }));
    server.on('GET /api/auth/get-session', () => json(null));
    const later = vi.fn();
    createIdentity(cookieSessionTransport, device).onAuthStateChanged(later);
    await vi.waitFor(() => expect(later).toHaveBeenCalled());
    const order = server.calls.map((call) => `${call.init.method ?? 'GET'} ${call.url}`).slice(-2);
    expect(order[0]).toContain('POST');
    expect(order[0]).toContain('/api/auth/sign-out');
    expect(order[1]).toContain('/api/auth/get-session');
    expect(later).toHaveBeenCalledExactlyOnceWith(null);
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBeNull();
  });

  describe('opening the journal offline from the start screen', () => {
    it('signs the remembered user in at once while the session check hangs, and confirms them without a new report when the server answers', async () => {
      vi.useFakeTimers();
      rememberUser(ann);
      let answer: (response: Response) => void = () => undefined;
      server.on('GET /api/auth/get-session', () => new Promise((resolve) => (answer = resolve)));
      const identity = createIdentity(cookieSessionTransport, device);
      identity.startOffline();
      const next = vi.fn();
      const error = vi.fn();
      identity.onAuthStateChanged(next, error);
      await vi.advanceTimersByTimeAsync(0);
      expect(next).toHaveBeenCalledExactlyOnceWith(ann);
      // Past the session's fallback: still signed in.
      await vi.advanceTimersByTimeAsync(AUTH_FALLBACK_MS + 1);
      expect(identity.currentUser()).toEqual(ann);
      answer(json(annAnswer));
      await vi.advanceTimersByTimeAsync(0);
      expect(next).toHaveBeenCalledTimes(1);
      expect(error).not.toHaveBeenCalled();
      expect(identity.currentUser()).toEqual(ann);
      expect(backOnline).toBeNull(); // confirmed: no longer waiting for the server
    });

    it('a server that answers 503 meanwhile does not sign them out; the session ended does', async () => {
      vi.useFakeTimers();
      rememberUser(ann);
      server.on('GET /api/auth/get-session', () => json({ message: 'starting' }, 503));
      const identity = createIdentity(cookieSessionTransport, device);
      const next = vi.fn();
      identity.onAuthStateChanged(next);
      identity.startOffline();
      await vi.advanceTimersByTimeAsync(0);
      expect(identity.currentUser()).toEqual(ann);
      server.on('GET /api/auth/get-session', () => json(null));
      await vi.advanceTimersByTimeAsync(OFFLINE_RECHECK_MS);
      expect(identity.currentUser()).toBeNull();
      expect(next.mock.calls).toEqual([[ann], [null]]);
    });

    it('asks the server again as soon as it answers another request', async () => {
      rememberUser(ann);
      server.on('GET /api/auth/get-session', offline);
      const identity = createIdentity(cookieSessionTransport, device);
      identity.startOffline();
      await flush();
      expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(1);
      server.on('GET /api/auth/get-session', () => json(annAnswer));
      backOnline?.();
      await flush();
      expect(server.callsTo('GET /api/auth/get-session')).toHaveLength(2);
      expect(identity.currentUser()).toEqual(ann);
      expect(backOnline).toBeNull();
    });

    it('does nothing once the server has said who is signed in, or for a device nobody signed in on', async () => {
      server.on('GET /api/auth/get-session', () => json(null));
      const identity = createIdentity(cookieSessionTransport, device);
      identity.startOffline();
      expect(identity.currentUser()).toBeNull();
      expect(server.calls).toHaveLength(0);
      identity.onAuthStateChanged(vi.fn());
      await flush();
      rememberUser(ann);
      identity.startOffline();
      expect(identity.currentUser()).toBeNull();
    });
  });

  it('a session check with no answer ends after 30 s as no response: the remembered user is signed in', async () => {
    vi.useFakeTimers();
    rememberUser(ann);
    server.on('GET /api/auth/get-session', hang);
    const identity = createIdentity(cookieSessionTransport, device);
    const next = vi.fn();
    identity.onAuthStateChanged(next);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(next).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls[0]?.init.signal?.aborted).toBe(true);
    expect(next).toHaveBeenCalledExactlyOnceWith(ann);
  });
});

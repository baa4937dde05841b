import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds, sqlite } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/**
 * Each app counts its own clients (auth/rate-limit-storage.ts); the clients still have addresses of
 * their own (TEST-NET ranges), so no count here can be another app's.
 */
const clientsOf = (kindIndex: number) => (n: number) => `198.51.100.${kindIndex * 50 + n}`;

describe.each(databaseKinds.map((kind, index) => ({ ...kind, index })))(
  'sign-in rate limit on $name',
  (kind) => {
    const client = clientsOf(kind.index);
    const email = `limited-${kind.name}-${Date.now()}@example.com`;
    const password = 'chanterelle';
    const t = useTestApp(kind, { env: { AUTH_RATE_LIMIT_MAX: '3' } });

    beforeAll(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: client(0),
        payload: { email, password, name: 'limited' },
      });
      expect(res.statusCode).toBe(200);
    });
    afterEach(() => vi.useRealTimers());

    const signIn = (from: string, pass: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: from,
        headers,
        payload: { email, password: pass },
      });

    it('answers the 4th sign-in within a minute from one client with 429', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await signIn(client(1), 'wrong-password')).statusCode).toBe(401);
      }
      const limited = await signIn(client(1), 'wrong-password');
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['x-retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The right password does not get through either: the budget is per client, not per miss.
      expect((await signIn(client(1), password)).statusCode).toBe(429);
    });

    it('does not hold back another client', async () => {
      expect((await signIn(client(2), 'wrong-password')).statusCode).toBe(401);
      expect((await signIn(client(2), password)).statusCode).toBe(200);
    });

    it('cannot be dodged with a made-up X-Forwarded-For', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await signIn(client(3), 'wrong-password', {
          'x-forwarded-for': `203.0.113.${i + 1}`,
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await signIn(client(3), password, { 'x-forwarded-for': '203.0.113.99' });
      expect(res.statusCode).toBe(429);
    });

    it('lifts after the minute is over', async () => {
      for (let i = 0; i < 3; i++) await signIn(client(4), 'wrong-password');
      expect((await signIn(client(4), password)).statusCode).toBe(429);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      expect((await signIn(client(4), password)).statusCode).toBe(200);
    });

    it('limits password-reset requests the same way', async () => {
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          remoteAddress: client(5),
          payload: { email, redirectTo: '/login' },
        });
      for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
    });
  },
);

describe.each(databaseKinds)('API rate limit on $name', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '5' } });
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
  });

  const list = (from: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      remoteAddress: from,
      headers: { ...user.auth, ...headers },
    });

  it('answers the 6th request within a minute with 429 in the error shape', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await list('192.0.2.1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    const res = await list('192.0.2.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/try again/i) },
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each client on its own, and by its address, not its X-Forwarded-For', async () => {
    expect((await list('192.0.2.2')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      const res = await list('192.0.2.3', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      expect(res.statusCode).toBe(200);
    }
    expect((await list('192.0.2.3', { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(200);
    expect((await list('192.0.2.3', { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(429);
  });

  it('leaves reading the preferences out: one row by key costs what a 429 would', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/preferences',
        remoteAddress: '192.0.2.4',
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    // Writing them still counts.
    const write = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/preferences/tutorial',
        remoteAddress: '192.0.2.4',
        headers: user.auth,
        payload: { show: false },
      });
    for (let i = 0; i < 5; i++) expect((await write()).statusCode).toBe(200);
    expect((await write()).statusCode).toBe(429);
  });
});

describe('two apps in one process', () => {
  const first = useTestApp(sqlite, { env: { AUTH_RATE_LIMIT_MAX: '1' } });
  const second = useTestApp(sqlite, { env: { AUTH_RATE_LIMIT_MAX: '1' } });

  it('count their clients apart: one server never spends another one’s budget', async () => {
    const signUp = (t: typeof first, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '198.51.100.200',
        payload: {
          email: `apart-${n}-${Date.now()}@example.com`,
          password: 'chanterelle',
          name: 'apart',
        },
      });
    expect((await signUp(first, 1)).statusCode).toBe(200);
    expect((await signUp(first, 2)).statusCode).toBe(429);
    expect((await signUp(second, 3)).statusCode).toBe(200);
  });
});

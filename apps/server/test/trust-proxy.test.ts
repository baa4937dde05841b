import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, sqlite } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/**
 * Behind a proxy every request comes from the proxy's address; only TRUST_PROXY lets the
 * X-Forwarded-For it adds name the client, and both rate limits follow the client so named.
 * Addresses are TEST-NET ones of this file's own.
 */
describe.each(databaseKinds.map((kind, index) => ({ ...kind, index })))(
  'TRUST_PROXY on $name',
  (kind) => {
    const net = `203.0.${kind.index + 110}`;
    const t = useTestApp(kind, {
      env: {
        TRUST_PROXY: '10.0.0.0/8, fd00::/8',
        RATE_LIMIT_MAX: '3',
        AUTH_RATE_LIMIT_MAX: '2',
      },
    });
    let user: TestUser;

    beforeAll(async () => {
      user = await t.signUp();
    });

    const list = (from: string, forwardedFor?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/locations',
        remoteAddress: from,
        headers: { ...user.auth, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      });

    it('gives each client behind a trusted proxy a budget of its own', async () => {
      for (let i = 0; i < 3; i++) expect((await list('10.1.2.3', `${net}.1`)).statusCode).toBe(200);
      expect((await list('10.1.2.3', `${net}.1`)).statusCode).toBe(429);
      // Same proxy, another client; and the same client through another trusted proxy.
      expect((await list('10.1.2.3', `${net}.2`)).statusCode).toBe(200);
      expect((await list('fd00::5', `${net}.1`)).statusCode).toBe(429);
    });

    it('ignores X-Forwarded-For from an address it does not trust', async () => {
      for (let i = 0; i < 3; i++)
        expect((await list('192.0.2.77', `${net}.${10 + i}`)).statusCode).toBe(200);
      expect((await list('192.0.2.77', `${net}.20`)).statusCode).toBe(429);
    });

    it('takes the address the trusted proxy saw, not what the client wrote in front of it', async () => {
      // A client sends its own X-Forwarded-For; the proxy appends the address it really saw.
      for (let i = 0; i < 3; i++) {
        expect((await list('10.1.2.3', `198.18.0.${i + 1}, ${net}.30`)).statusCode).toBe(200);
      }
      expect((await list('10.1.2.3', `198.18.0.9, ${net}.30`)).statusCode).toBe(429);
    });

    it('counts sign-in attempts per forwarded client as well', async () => {
      const signIn = (forwardedFor: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: user.email, password: 'wrong-password' },
        });
      expect((await signIn(`${net}.40`)).statusCode).toBe(401);
      expect((await signIn(`${net}.40`)).statusCode).toBe(401);
      expect((await signIn(`${net}.40`)).statusCode).toBe(429);
      expect((await signIn(`${net}.41`)).statusCode).toBe(401);
    });
  },
);

describe('TRUST_PROXY as a hop count', () => {
  const t = useTestApp(sqlite, { env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: '2' } });
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
  });

  it('trusts one hop: the right-most forwarded address is the client', async () => {
    const list = (forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/locations',
        remoteAddress: '192.0.2.200',
        headers: { ...user.auth, 'x-forwarded-for': forwardedFor },
      });
    expect((await list('198.18.1.1, 203.0.113.201')).statusCode).toBe(200);
    expect((await list('198.18.1.2, 203.0.113.201')).statusCode).toBe(200);
    expect((await list('198.18.1.3, 203.0.113.201')).statusCode).toBe(429);
    expect((await list('198.18.1.3, 203.0.113.202')).statusCode).toBe(200);
  });
});

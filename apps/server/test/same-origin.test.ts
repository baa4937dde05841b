import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { sqlite } from './helpers/databases.ts';
import type { TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

let counter = 0;

/**
 * An address a phone on the LAN would reach this machine at: one of its own (with PUBLIC_URL
 * unset the server answers no other host), else one of its loopback range.
 */
const lanAddress =
  Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .find((address) => address.family === 'IPv4' && !address.internal)?.address ?? '127.0.0.2';

function signUpFrom(t: TestApp, host: string, origin: string) {
  counter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { host, origin },
    payload: { email: `origin${counter}@example.com`, password: 'chanterelle', name: 'o' },
  });
}

describe('sign-up with PUBLIC_URL unset: any address the server is reached at', () => {
  const t = useTestApp(sqlite);

  it.each([
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    [`${lanAddress}:3000`, `http://${lanAddress}:3000`],
    ['localhost:3000', 'http://localhost:3000'],
  ])('accepts a page at %s whose Origin is its own address', async (host, origin) => {
    const res = await signUpFrom(t, host, origin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-auth-token']).toBeTruthy();
  });

  it.each([
    ['127.0.0.1:3000', 'https://evil.example'],
    ['127.0.0.1:3000', 'http://127.0.0.1:4000'],
    ['127.0.0.1:3000', 'https://127.0.0.1:3000'],
    [`${lanAddress}:3000`, 'http://127.0.0.1:3000'],
  ])('refuses a page at another origin (host %s, Origin %s)', async (host, origin) => {
    const res = await signUpFrom(t, host, origin);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Invalid origin');
  });

  it('answers a malformed Host header with a client error, not a 5xx', async () => {
    const res = await signUpFrom(t, 'exa mple:99999', 'http://exa mple:99999');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('sign-up with PUBLIC_URL set explicitly: strict', () => {
  const t = useTestApp(sqlite, { env: { PUBLIC_URL: 'https://journal.example.org' } });

  it('accepts the public address', async () => {
    const res = await signUpFrom(t, 'journal.example.org', 'https://journal.example.org');
    expect(res.statusCode).toBe(200);
  });

  it('refuses another address even when the page is same-origin with it', async () => {
    const res = await signUpFrom(t, '127.0.0.1:3000', 'http://127.0.0.1:3000');
    expect(res.statusCode).toBe(403);
  });
});

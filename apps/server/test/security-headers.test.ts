import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** What @fastify/helmet sent with this server's options, to the byte: the headers must not move. */
const expected = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline' https:;connect-src 'self' https:;manifest-src 'self';worker-src 'self' blob:;child-src 'self' blob:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let user: TestUser;
  const dist = mkdtempSync(path.join(tmpdir(), 'fj-dist-'));

  beforeAll(() => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Foraging Journal</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  // Built once the files above are written, and closed before they go.
  const t = useTestApp(sqlite, { env: { WEB_DIST_DIR: dist } });
  beforeAll(async () => {
    user = await t.signUp();
  });

  it.each([
    ['GET', '/api/health', 200, false],
    ['GET', '/api/v1/preferences', 200, true],
    ['GET', '/api/v1/preferences', 401, false],
    ['POST', '/api/v1/locations', 400, true],
    ['GET', '/api/nope', 404, false],
    ['GET', '/login', 200, false],
    ['GET', '/assets/index-abc123.js', 200, false],
    ['GET', '/api/docs', 200, false],
    ['GET', '/api/config', 200, false],
    ['GET', '/api/auth/get-session', 200, false],
    ['GET', '/reset-password?token=nothing', 410, false],
  ] as const)('are on %s %s (%i)', async (method, url, status, signedIn) => {
    const res = await t.app.inject({
      method,
      url,
      headers: signedIn ? user.auth : {},
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(expected);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('are on a CORS preflight', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/locations',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject(expected);
  });
});

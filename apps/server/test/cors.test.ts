import { describe, expect, it } from 'vitest';
import { sqlite } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe('cross-origin requests', () => {
  const t = useTestApp(sqlite);

  const preflight = (origin: string, url = '/api/v1/locations') =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it.each(['capacitor://localhost', 'https://localhost', 'http://localhost:3000'])(
    'lets the app at %s call the API with credentials',
    async (origin) => {
      const res = await preflight(origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    },
  );

  it('gives another origin no CORS permission', async () => {
    const res = await preflight('https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the native app read the bearer session token header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'capacitor://localhost' },
      payload: { email: 'native@example.com', password: 'chanterelle', name: 'native' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['access-control-expose-headers'])).toContain('set-auth-token');
    expect(res.headers['set-auth-token']).toBeTruthy();
  });

  it('lets the native app send If-None-Match and read the ETag and Sync-Cursor of its reads', async () => {
    const user = await t.signUp();
    const origin = 'capacitor://localhost';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/locations',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,if-none-match',
      },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('if-none-match');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: { ...user.auth, origin },
    });
    const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['etag', 'sync-cursor']));
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['sync-cursor']).toBeTruthy();
  });

  it('refuses a sign-in sent from an origin that is not trusted', async () => {
    await t.signUp('cookie@example.com', 'chanterelle');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie: 'better-auth.session_token=x' },
      payload: { email: 'cookie@example.com', password: 'chanterelle' },
    });
    expect(res.statusCode).toBe(403);
  });
});

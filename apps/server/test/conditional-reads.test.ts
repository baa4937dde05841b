import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { syncOf } from './helpers/sync.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp, useTestApps } from './helpers/use-test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;

function get(t: TestApp, who: TestUser, url: string, etag?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...who.auth, ...(etag ? { 'if-none-match': etag } : {}) },
  });
}

describe.each(databaseKinds)('conditional reads on $name', (kind) => {
  const t = useTestApp(kind);

  /** Each route, with the URL it is read at for a user (GET /sync both with and without since). */
  const routes: [string, (user: TestUser) => Promise<string>][] = [
    ['GET /locations', async () => '/locations'],
    ['GET /sync', async () => '/sync'],
    [
      'GET /sync?since=…',
      async (user) => `/sync?since=${encodeURIComponent((await syncOf(t, user)).cursor)}`,
    ],
    ['GET /preferences', async () => '/preferences'],
  ];

  describe.each(routes)('%s', (_name, urlFor) => {
    it('carries an ETag and private, no-cache; the same ETag in If-None-Match gets a 304 without a body', async () => {
      const user = await t.signUp();
      await seedEntry(t, user, (await seedLocation(t, user)).id);
      const url = await urlFor(user);
      const first = await get(t, user, url);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const again = await get(t, user, url, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect(again.headers['content-length']).toBeUndefined();
      // As a browser may send it: weak, or in a list.
      expect((await get(t, user, url, `W/${etag}`)).statusCode).toBe(304);
      expect((await get(t, user, url, `"other", ${etag}`)).statusCode).toBe(304);
      expect((await get(t, user, url, '"other"')).statusCode).toBe(200);
    });

    it('answers 200 with a new ETag once the journal changed', async () => {
      const user = await t.signUp();
      const location = await seedLocation(t, user);
      const url = await urlFor(user);
      const first = await get(t, user, url);
      // A change to the list, and one to the preferences: either may change the answer.
      await apiClient(t.app, user.auth)('PUT', `/locations/${location.id}`, { name: 'Renamed' });
      await apiClient(t.app, user.auth)('PUT', '/preferences/tutorial', { show: false });
      const after = await get(t, user, url, String(first.headers.etag));
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(after.body).not.toBe(first.body);
    });

    it("never answers 304 to another user's ETag", async () => {
      const alice = await t.signUp();
      const bob = await t.signUp();
      // Both at the same revision, with the same (empty) journal.
      const aliceFirst = await get(t, alice, await urlFor(alice));
      const bobsAnswer = await get(t, bob, await urlFor(bob), String(aliceFirst.headers.etag));
      expect(bobsAnswer.statusCode).toBe(200);
    });
  });
});

describe.each(databaseKinds)('conditional reads of signed photo URLs on $name', (kind) => {
  afterEach(() => vi.useRealTimers());
  const apps = useTestApps();

  it('change their ETag with the signing day, so a kept copy never holds links about to expire', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.now();
    vi.setSystemTime(now);
    const t = await apps.start(kind);
    const user = await t.signUp();
    await seedLocation(t, user);
    const today = await get(t, user, '/locations');
    const cursor = (await syncOf(t, user)).cursor;
    const todaysSync = await get(t, user, `/sync?since=${cursor}`);

    vi.setSystemTime(now + dayMs);
    const fresh = {
      ...user,
      auth: { authorization: `Bearer ${await t.idTokenFor(user.sessionToken)}` },
    };
    const tomorrow = await get(t, fresh, '/locations', String(today.headers.etag));
    expect(tomorrow.statusCode).toBe(200);
    expect(tomorrow.headers.etag).not.toBe(today.headers.etag);
    const tomorrowsSync = await get(
      t,
      fresh,
      `/sync?since=${cursor}`,
      String(todaysSync.headers.etag),
    );
    expect(tomorrowsSync.statusCode).toBe(200);
  });
});

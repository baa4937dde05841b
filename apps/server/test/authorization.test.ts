import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import type { Preferences } from '@fj/contract/preferences';
import { decodeJwt } from 'jose';
import { corsOptions } from '../src/plugins/security.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, errorOf, fieldsOf, type Call, type Method } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { multipartBody } from './helpers/multipart.ts';
import { uploadedPhoto } from './helpers/photos.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { tokenFromForeignKey, unsignedToken } from './helpers/tokens.ts';

interface RouteCase {
  method: Method;
  url: string;
  /** A body the route would accept, so that only the credentials are wrong. */
  body?: object;
  /** A body the route refuses, to show that authentication comes first. */
  badBody?: object;
  multipart?: true;
}

/** Every /api/v1 route, aimed at the given location and entry. */
function everyRoute(locationId: string, entryId: string): RouteCase[] {
  const location = `/locations/${locationId}`;
  const entry = `${location}/entries/${entryId}`;
  const spot = { name: 'Elsewhere', position: { lat: 1, lng: 2 } };
  return [
    { method: 'GET', url: '/locations' },
    { method: 'POST', url: '/locations', body: spot, badBody: { name: '' } },
    { method: 'GET', url: location },
    { method: 'PUT', url: location, body: { name: 'Renamed' }, badBody: { favorite: 'yes' } },
    { method: 'DELETE', url: location },
    {
      method: 'POST',
      url: `${location}/entries`,
      body: { date: '2026-08-01' },
      badBody: { date: 'soon' },
    },
    { method: 'PUT', url: entry, body: { notes: 'changed' }, badBody: { abundance: 9 } },
    { method: 'DELETE', url: entry },
    { method: 'POST', url: '/preferences', body: { id: 'someone' }, badBody: {} },
    { method: 'GET', url: '/preferences' },
    {
      method: 'PUT',
      url: '/preferences/categories',
      body: { categories: ['moss'] },
      badBody: { categories: 'x' },
    },
    {
      method: 'PUT',
      url: '/preferences/species/mushrooms',
      body: { species: ['cep'] },
      badBody: { species: [''] },
    },
    {
      method: 'PUT',
      url: '/preferences/terrain',
      body: { terrainTypes: ['bog'] },
      badBody: { terrainTypes: 1 },
    },
    {
      method: 'PUT',
      url: '/preferences/trees',
      body: { treeTypes: ['yew'] },
      badBody: { treeTypes: [3] },
    },
    {
      method: 'PUT',
      url: '/preferences/tutorial',
      body: { show: false },
      badBody: { show: 'yes' },
    },
    {
      method: 'POST',
      url: '/species/rename',
      body: { from: 'cep', to: 'porcini' },
      badBody: { from: '' },
    },
    { method: 'POST', url: '/photos', multipart: true },
    { method: 'GET', url: '/sync' },
    { method: 'GET', url: '/search?q=oak' },
    { method: 'GET', url: '/searches' },
    {
      method: 'POST',
      url: '/searches',
      body: { name: 'Oaks', query: 'tree:oak' },
      badBody: { name: 'Oaks', query: 'month:never' },
    },
    {
      method: 'PUT',
      url: `/searches/${locationId}`,
      body: { name: 'Ashes' },
      badBody: { query: 'year:soon' },
    },
    { method: 'DELETE', url: `/searches/${locationId}` },
    { method: 'GET', url: '/seasonality?species=cep' },
    { method: 'GET', url: '/export?format=csv' },
    { method: 'GET', url: '/backup' },
    { method: 'POST', url: '/import', multipart: true },
    { method: 'POST', url: '/import/preview', multipart: true },
    {
      method: 'POST',
      url: '/shares',
      body: { locationIds: [locationId], audience: { link: true }, precision: 'km1', dates: 'day' },
      badBody: { precision: 'street' },
    },
    {
      method: 'POST',
      url: '/shares/preview',
      body: { locationIds: [locationId], precision: 'km1', dates: 'day' },
      badBody: { precision: 'street' },
    },
    { method: 'GET', url: '/shares' },
    {
      method: 'PATCH',
      url: `/shares/${entryId}`,
      body: { precision: 'hidden' },
      badBody: { dates: 1 },
    },
    { method: 'DELETE', url: `/shares/${entryId}` },
    { method: 'GET', url: '/shared' },
    { method: 'POST', url: `/shared/${entryId}/accept` },
    { method: 'GET', url: `/shared/${entryId}/photos/${locationId}` },
  ];
}

/**
 * The /api/v1 routes outside the ID-token scope: a share link's viewer has no account. The
 * session route takes a link's token; the others a share credential, which no ID token is.
 */
const shareLinkRoutes: RouteCase[] = [
  { method: 'POST', url: '/share-sessions', body: { token: 'x'.repeat(43) } },
  { method: 'GET', url: '/shared/link' },
  { method: 'GET', url: '/shared/link/photos/somephoto' },
];

/** An /api/v1 route as Fastify registers it, `METHOD /api/v1/path/:param`. */
const routeName = (method: string, url: string) => `${method} ${url}`;

describe.each(databaseKinds)('authorization on $name', (kind) => {
  const registered: string[] = [];
  const t = useTestApp(kind, {
    overrides: {
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && route.url.startsWith('/api/v1/'))
            registered.push(routeName(method, route.url));
      },
    },
  });

  it('names every /api/v1 route the app registers in the matrix below (a new one must join it)', () => {
    expect(registered.length).toBeGreaterThan(0);
    const cases = [...everyRoute(randomUUID(), randomUUID()), ...shareLinkRoutes].map((route) =>
      routeName(route.method, `/api/v1${route.url.split('?')[0] ?? ''}`),
    );
    const unnamed = registered.filter((route) => {
      const pattern = new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`);
      return !cases.some((name) => pattern.test(name));
    });
    expect(unnamed).toEqual([]);
    // A method CORS does not allow would be unreachable from the web app's other origins.
    const methods = new Set(registered.map((route) => route.split(' ')[0]));
    expect([...methods].filter((method) => !corsOptions.methods.includes(method ?? ''))).toEqual(
      [],
    );
  });
  let a: TestUser;
  let b: TestUser;
  let asA: Call;
  let asB: Call;
  let locationA: Location;
  let entryId: string;
  let photoA: PhotoEntry;

  beforeAll(async () => {
    a = await t.signUp();
    b = await t.signUp();
    asA = apiClient(t.app, a.auth);
    asB = apiClient(t.app, b.auth);
    photoA = await uploadedPhoto(t, a, await makeJpeg({ width: 8, height: 6 }));

    const created = await seedLocation(t, a, {
      name: 'Secret chanterelle slope',
      position: { lat: 60.1, lng: 17.2 },
    });
    const withEntry = await seedEntry(t, a, created.id, {
      date: '2026-08-15',
      species: ['chanterelle'],
      abundance: 4,
      photos: [{ filePath: photoA.filePath }],
    });
    locationA = withEntry.location;
    entryId = withEntry.entry.id;
    expect((await asA('POST', '/preferences', { id: a.id })).statusCode).toBe(201);
  });

  /** Everything of A's, exactly as the API answers it. */
  const snapshotOfA = async () =>
    [
      (await asA('GET', '/locations')).body,
      (await asA('GET', `/locations/${locationA.id}`)).body,
      (await asA('GET', '/preferences')).body,
    ].join('\n');

  function send(route: RouteCase, headers: Record<string, string>, body = route.body) {
    const upload = route.multipart
      ? multipartBody([{ name: 'file', filename: 'x.jpg', contentType: 'image/jpeg', data: 'no' }])
      : undefined;
    return t.app.inject({
      method: route.method,
      url: `/api/v1${route.url}`,
      headers: { ...headers, ...upload?.headers },
      ...(upload ? { payload: upload.payload } : body ? { payload: body } : {}),
    });
  }

  async function expectUnauthorizedEverywhere(headers: Record<string, string>) {
    for (const route of everyRoute(locationA.id, entryId)) {
      const res = await send(route, headers);
      const where = `${route.method} ${route.url}`;
      expect(res.statusCode, where).toBe(401);
      expect(res.json(), where).toEqual({
        error: { code: 'UNAUTHORIZED', message: expect.any(String) },
      });
    }
  }

  describe("user B against user A's data", () => {
    it("answers 404 for every location and entry route aimed at A's, and changes nothing", async () => {
      const before = await snapshotOfA();
      const aimedAtA: [Method, string, object?][] = [
        ['GET', `/locations/${locationA.id}`],
        ['PUT', `/locations/${locationA.id}`, { name: 'Mine now', favorite: true }],
        ['DELETE', `/locations/${locationA.id}`],
        ['POST', `/locations/${locationA.id}/entries`, { date: '2026-09-01' }],
        ['PUT', `/locations/${locationA.id}/entries/${entryId}`, { notes: 'overwritten' }],
        ['DELETE', `/locations/${locationA.id}/entries/${entryId}`],
      ];
      for (const [method, url, body] of aimedAtA) {
        const res = await asB(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(res).code).toBe('NOT_FOUND');
      }
      expect(await snapshotOfA()).toBe(before);
    });

    it("lists none of A's locations to B", async () => {
      const res = await asB('GET', '/locations');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(locationA.id);
    });

    it("cannot reach A's entry through B's own location, nor take its id", async () => {
      const before = await snapshotOfA();
      const mine = (
        await asB('POST', '/locations', { name: 'B spot', position: { lat: 1, lng: 1 } })
      ).json<Location>();
      const put = await asB('PUT', `/locations/${mine.id}/entries/${entryId}`, { notes: 'x' });
      expect(put.statusCode).toBe(404);
      const del = await asB('DELETE', `/locations/${mine.id}/entries/${entryId}`);
      expect(del.statusCode).toBe(404);
      const post = await asB('POST', `/locations/${mine.id}/entries`, {
        id: entryId,
        date: '2026-09-02',
      });
      expect(post.statusCode).toBe(409);
      expect(errorOf(post).code).toBe('CONFLICT');
      expect(await snapshotOfA()).toBe(before);
    });

    it("cannot attach A's photo to an entry of B's", async () => {
      const mine = (
        await asB('POST', '/locations', { name: 'B spot', position: { lat: 1, lng: 1 } })
      ).json<Location>();
      const res = await asB('POST', `/locations/${mine.id}/entries`, {
        date: '2026-09-03',
        photos: [{ filePath: photoA.filePath }],
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['photos.0.filePath']);
      const after = (await asB('GET', `/locations/${mine.id}`)).json<Location>();
      expect(after.entries).toEqual([]);
    });

    it("never changes A's preferences through B's writes", async () => {
      const before = await snapshotOfA();
      const writes: [Method, string, object][] = [
        ['POST', '/preferences', { id: b.id, customTerrainTypes: ['bog'] }],
        ['PUT', '/preferences/categories', { categories: ['lichens'] }],
        ['PUT', '/preferences/species/mushrooms', { species: ['cep'] }],
        ['PUT', '/preferences/terrain', { terrainTypes: ['scree'] }],
        ['PUT', '/preferences/trees', { treeTypes: ['yew'] }],
        ['PUT', '/preferences/tutorial', { show: false }],
      ];
      for (const [method, url, body] of writes) {
        const res = await asB(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
        expect(res.json<{ data: Preferences }>().data.id).toBe(b.id);
      }
      expect(await snapshotOfA()).toBe(before);
    });

    it("answers 400 naming id when B posts preferences under A's id", async () => {
      const before = await snapshotOfA();
      const res = await asB('POST', '/preferences', { id: a.id, customTreeTypes: ['yew'] });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res)).toEqual(['id']);
      expect(await snapshotOfA()).toBe(before);
    });
  });

  describe('credentials that are missing or not ours', () => {
    it('lets a real token through on every route (the control for the cases below)', async () => {
      for (const route of everyRoute(randomUUID(), randomUUID())) {
        const res = await send(route, a.auth);
        expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
      }
    });

    it('answers a share link route 401 without a share credential, an ID token included', async () => {
      for (const route of shareLinkRoutes.filter((r) => r.method === 'GET')) {
        for (const headers of [{}, a.auth, { authorization: 'Bearer not-a-credential' }]) {
          const res = await send(route, headers);
          expect(res.statusCode, route.url).toBe(401);
          expect(errorOf(res).code).toBe('UNAUTHORIZED');
        }
      }
      const session = await send(shareLinkRoutes[0] as RouteCase, {});
      expect(session.statusCode).toBe(404);
    });

    it('answers 401 on every route without an Authorization header', async () => {
      await expectUnauthorizedEverywhere({});
    });

    it.each([
      ['a garbage token', 'Bearer not-a-token'],
      ['three garbage segments', 'Bearer aaa.bbb.ccc'],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['an empty bearer', 'Bearer '],
    ])('answers 401 on every route for %s', async (_name, authorization) => {
      await expectUnauthorizedEverywhere({ authorization });
    });

    it('checks the token before the body: a bad body without a token still answers 401', async () => {
      for (const route of everyRoute(locationA.id, entryId).filter((r) => r.badBody)) {
        const res = await send(route, {}, route.badBody);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(errorOf(res).code).toBe('UNAUTHORIZED');
      }
    });

    it.each(['fresh', 'same'] as const)(
      'answers 401 for real claims signed by a foreign Ed25519 key (%s kid)',
      async (kid) => {
        const forged = await tokenFromForeignKey(a.idToken, kid);
        await expectUnauthorizedEverywhere({ authorization: `Bearer ${forged}` });
      },
    );

    it('answers 401 for an alg "none" token carrying real claims', async () => {
      await expectUnauthorizedEverywhere({ authorization: `Bearer ${unsignedToken(a.idToken)}` });
    });

    describe('tokens signed with the real key', () => {
      const signed = async (claims: Record<string, unknown>) => {
        const { token } = await t.app.identity.api.signJWT({
          body: { payload: { ...decodeJwt(a.idToken), ...claims } },
        });
        return { authorization: `Bearer ${token}` };
      };

      it('are accepted with the claims the server issues', async () => {
        const res = await apiClient(t.app, await signed({}))('GET', '/preferences');
        expect(res.statusCode).toBe(200);
        expect(res.json<{ data: Preferences }>().data.id).toBe(a.id);
      });

      it.each([
        ['iss', { iss: 'https://elsewhere.example' }],
        ['aud', { aud: 'https://elsewhere.example' }],
        ['sub (missing)', { sub: '' }],
      ])('answer 401 on every route when %s differs', async (_claim, claims) => {
        await expectUnauthorizedEverywhere(await signed(claims));
      });
    });

    describe('an expired token', () => {
      afterEach(() => {
        vi.useRealTimers();
      });

      it('still works 59 minutes after it was issued', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 59 * 60_000);
        expect((await asA('GET', '/preferences')).statusCode).toBe(200);
      });

      it('answers 401 on every route 61 minutes after it was issued', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 61 * 60_000);
        await expectUnauthorizedEverywhere(a.auth);
      });
    });

    it('lets a CORS preflight through without a token', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/locations',
        headers: {
          origin: 'capacitor://localhost',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    });
  });
});

describe.each(databaseKinds)('a failure on our side, on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
  });

  it('answers 500 in the error shape, with no stack trace or SQL', async () => {
    const call = apiClient(t.app, user.auth);
    expect((await call('GET', '/locations')).statusCode).toBe(200);
    await t.app.db.destroy();
    for (const [method, url] of [
      ['GET', '/locations'],
      ['GET', '/preferences'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side' },
      });
    }
  });
});

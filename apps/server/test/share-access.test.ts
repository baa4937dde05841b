// Who reaches a share: nobody but its grantee and its link's holders, only while it is in force,
// on every server at once.
import type { Location } from '@fj/contract/locations';
import type { SharedLocation } from '@fj/contract/sharing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, type Call } from './helpers/api-client.ts';
import { databaseKinds, type DatabaseKind, type TestDatabase } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { uploadedPhoto } from './helpers/photos.ts';
import { redisAnswers, testRedisUrl, uniqueRedisPrefix } from './helpers/redis.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import {
  acceptInvitation,
  credentialFor,
  openSession,
  seedShare,
  withCredential,
} from './helpers/sharing.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp, useTestApps } from './helpers/use-test-app.ts';

type Shared = { id: string; status: string; locations?: SharedLocation[] };
const sharedOf = (res: LightMyRequestResponse) => res.json<{ data: Shared[] }>().data;
const photoIds = (locations: readonly SharedLocation[] = []) =>
  locations.flatMap((l) => l.entries.flatMap((e) => (e.photos ?? []).map((p) => p.id)));

/** A spot with one entry holding one photo. */
async function spotWithPhoto(t: TestApp, owner: TestUser, name: string): Promise<Location> {
  const spot = await seedLocation(t, owner, { name, position: { lat: 59.1234, lng: 18.5678 } });
  const photo = await uploadedPhoto(t, owner, await makeJpeg({ width: 40, height: 30 }));
  return (await seedEntry(t, owner, spot.id, { photos: [{ filePath: photo.filePath }] })).location;
}

/** Shares by e-mail and has the invitee accept: the grant's id and what it shows. */
async function acceptedShare(
  t: TestApp,
  owner: TestUser,
  grantee: TestUser,
  spot: Location,
  expiresAt?: string,
) {
  const share = await seedShare(t, owner, {
    locationIds: [spot.id],
    audience: { email: grantee.email },
    include: { photos: true },
    ...(expiresAt ? { expiresAt } : {}),
  });
  const { grantId, token } = share.invitation ?? { grantId: '', token: '' };
  expect((await acceptInvitation(t, grantee, grantId, token)).statusCode).toBe(204);
  const as = apiClient(t.app, grantee.auth);
  const grant = sharedOf(await as('GET', '/shared')).find((g) => g.id === grantId);
  return { share, grantId, photos: photoIds(grant?.locations) };
}

describe.each(databaseKinds)('who reaches a share, on $name', (kind) => {
  const t = useTestApp(kind);
  let anna: TestUser, ben: TestUser, carl: TestUser, dora: TestUser;
  let asBen: Call, asCarl: Call, asDora: Call;
  let first: Location, second: Location;
  let toBen: Awaited<ReturnType<typeof acceptedShare>>;
  let toDora: Awaited<ReturnType<typeof acceptedShare>>;

  beforeAll(async () => {
    [anna, ben, carl, dora] = [
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
    ];
    [asBen, asCarl, asDora] = [ben, carl, dora].map((u) => apiClient(t.app, u.auth)) as [
      Call,
      Call,
      Call,
    ];
    first = await spotWithPhoto(t, anna, 'First');
    second = await spotWithPhoto(t, anna, 'Second');
    toBen = await acceptedShare(t, anna, ben, first);
    toDora = await acceptedShare(t, anna, dora, second);
  });

  afterEach(() => vi.useRealTimers());

  /** Every grantee route aimed at a grant, as `who`: each must be 404. */
  async function expectGrantClosed(who: Call, grantId: string, photos: readonly string[]) {
    const answers = [
      await who('POST', `/shared/${grantId}/accept`),
      ...(await Promise.all(photos.map((p) => who('GET', `/shared/${grantId}/photos/${p}`)))),
    ];
    for (const res of answers) expect(res.statusCode, res.body).toBe(404);
  }

  it('gives a third user nothing: no invitation, no photo, no change to the share', async () => {
    expect(sharedOf(await asCarl('GET', '/shared'))).toEqual([]);
    await expectGrantClosed(asCarl, toBen.grantId, toBen.photos);
    expect(
      (await asCarl('PATCH', `/shares/${toBen.share.id}`, { precision: 'exact' })).statusCode,
    ).toBe(404);
    expect((await asCarl('DELETE', `/shares/${toBen.share.id}`)).statusCode).toBe(404);
    expect((await asCarl('GET', '/shares')).json()).toEqual({ data: [] });
  });

  it("keeps one share's grantee out of another share's spots and photos", async () => {
    await expectGrantClosed(asBen, toDora.grantId, toDora.photos);
    // Another share's photo ids through one's own grant.
    for (const photo of toDora.photos)
      expect((await asBen('GET', `/shared/${toBen.grantId}/photos/${photo}`)).statusCode).toBe(404);
    const listed = sharedOf(await asBen('GET', '/shared'));
    expect(JSON.stringify(listed)).not.toContain('Second');
    const { token } = await seedShare(t, anna, {
      locationIds: [first.id],
      include: { photos: true },
    });
    const credential = await credentialFor(t, token ?? '');
    for (const photo of [...toBen.photos, ...toDora.photos])
      expect((await withCredential(t, credential, `/shared/link/photos/${photo}`)).statusCode).toBe(
        404,
      );
    // Real ids are no way in either.
    const realPhoto = first.entries[0]?.photos[0]?.filePath.split('/')[1]?.replace('.webp', '');
    expect(
      (await withCredential(t, credential, `/shared/link/photos/${realPhoto}`)).statusCode,
    ).toBe(404);
  });

  it('closes every route to a grantee once the share is revoked', async () => {
    const again = await acceptedShare(t, anna, dora, first);
    expect(
      (await apiClient(t.app, anna.auth)('DELETE', `/shares/${again.share.id}`)).statusCode,
    ).toBe(204);
    await expectGrantClosed(asDora, again.grantId, again.photos);
    expect(sharedOf(await asDora('GET', '/shared')).map((g) => g.id)).not.toContain(again.grantId);
  });

  it('answers 404 on every link route once the clock passes the expiry', async () => {
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const { token } = await seedShare(t, anna, {
      locationIds: [first.id],
      include: { photos: true },
      expiresAt,
    });
    const credential = await credentialFor(t, token ?? '');
    const grant = await acceptedShare(t, anna, carl, first, expiresAt);
    const view = await withCredential(t, credential, '/shared/link');
    const photos = photoIds(view.json<{ data: { locations: SharedLocation[] } }>().data.locations);
    expect(photos).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(expiresAt) + 1000);
    // The credential itself is still within its 15 minutes: the share's expiry is what ends it.
    expect((await withCredential(t, credential, '/shared/link')).statusCode).toBe(404);
    for (const photo of photos)
      expect((await withCredential(t, credential, `/shared/link/photos/${photo}`)).statusCode).toBe(
        404,
      );
    expect((await openSession(t, token ?? '', '192.0.2.200')).statusCode).toBe(404);
    await expectGrantClosed(asCarl, grant.grantId, grant.photos);
    expect(sharedOf(await asCarl('GET', '/shared'))).toEqual([]);
  });

  it('answers 404 to a wrong token, and no credential comes of it', async () => {
    const res = await openSession(t, 'A'.repeat(43), '192.0.2.201');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('credential');
  });
});

const postgres = databaseKinds.find((kind) => kind.name === 'postgres');
const redisUp = await redisAnswers();

describe.skipIf(!postgres || !redisUp)('two servers on one PostgreSQL and Redis', () => {
  const apps = useTestApps();
  let database: TestDatabase;
  /** The one schema both servers use, as two servers of a deployment do. */
  const shared: DatabaseKind = {
    name: 'postgres',
    create: async () => ({ url: database.url, drop: async () => {} }),
  };
  const env = { REDIS_URL: testRedisUrl, REDIS_PREFIX: uniqueRedisPrefix() };

  beforeAll(async () => {
    database = await (postgres as DatabaseKind).create();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('serves a precision changed on one server next on the other; a revoke there is a 404 here at once', async () => {
    const one = await apps.start(shared, { env });
    const other = await apps.start(shared, { env });
    const anna = await one.signUp();
    const ben = await one.signUp();
    const spot = await seedLocation(one, anna, {
      position: { lat: 45.6000049, lng: -122.3999951 },
    });
    const { id, token } = await seedShare(one, anna, { locationIds: [spot.id], precision: 'km1' });
    const byMail = await acceptedShare(other, anna, ben, spot);
    const credential = await credentialFor(other, token ?? '');
    const corner = async () =>
      (await withCredential(other, credential, '/shared/link')).json<{
        data: { locations: SharedLocation[] };
      }>().data.locations[0]?.area?.coordinates[0]?.[0];
    expect(await corner()).toEqual([-122.4, 45.6]);
    const asAnna = apiClient(one.app, anna.auth);
    expect((await asAnna('PATCH', `/shares/${id}`, { precision: 'cell02' })).statusCode).toBe(200);
    expect(await corner()).toEqual([-122.4, 45.6]);
    expect((await asAnna('PATCH', `/shares/${id}`, { precision: 'exact' })).statusCode).toBe(200);
    const exact = await withCredential(other, credential, '/shared/link');
    expect(
      exact.json<{ data: { locations: SharedLocation[] } }>().data.locations[0]?.position,
    ).toEqual({
      lat: 45.6000049,
      lng: -122.3999951,
    });

    for (const share of [id, byMail.share.id]) {
      expect((await asAnna('DELETE', `/shares/${share}`)).statusCode).toBe(204);
    }
    const revokedAt = Date.now();
    const answers = [
      await withCredential(other, credential, '/shared/link'),
      await openSession(other, token ?? '', '192.0.2.202'),
      await apiClient(other.app, ben.auth)('GET', '/shared'),
    ];
    const elapsed = Date.now() - revokedAt;
    expect(answers[0]?.statusCode).toBe(404);
    expect(answers[1]?.statusCode).toBe(404);
    expect(sharedOf(answers[2] as LightMyRequestResponse)).toEqual([]);
    expect(elapsed).toBeLessThan(1000);
  });
});

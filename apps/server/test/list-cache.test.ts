import type { Location } from '@fj/contract/locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation, seedPhoto } from './helpers/seed.ts';
import { listOf, syncOf } from './helpers/sync.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** The status GET /locations answers to If-None-Match with this ETag. */
async function conditionalStatus(t: TestApp, who: TestUser, etag: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/locations',
    headers: { ...who.auth, 'if-none-match': etag },
  });
  return res.statusCode;
}

/** Renames a location in the table itself, behind the API's back: no revision is raised. */
async function renameBehindTheApi(t: TestApp, id: string, name: string): Promise<void> {
  await t.app.db.updateTable('locations').set({ name }).where('id', '=', id).execute();
}

describe.each(databaseKinds)('the GET /locations cache on $name', (kind) => {
  const t = useTestApp(kind);

  it('answers the kept bytes while the revision stays: one read of the revision decides', async () => {
    const user = await t.signUp();
    const location = await seedLocation(t, user, { name: 'Kept' });
    const first = await listOf(t, user);
    expect(t.app.listCache.holds(user.id)).toBe(true);
    await renameBehindTheApi(t, location.id, 'Changed behind the API');
    expect((await listOf(t, user)).body).toBe(first.body);
    // A write through the API raises the revision: the next answer is made anew.
    await seedLocation(t, user, { name: 'Another' });
    const names = (await listOf(t, user)).data.map((l) => l.name).sort();
    expect(names).toEqual(['Another', 'Changed behind the API']);
  });

  /** A user with a location holding one entry with a photo, and a second photo not yet attached. */
  async function fixture(user: TestUser) {
    const location = await seedLocation(t, user, { name: 'Glade' });
    const photo = await seedPhoto(t, user);
    const { entry } = await seedEntry(t, user, location.id, {
      notes: 'first',
      species: ['first-species'],
      photos: [{ filePath: photo.filePath }],
    });
    const spare = await seedPhoto(t, user);
    return { location, entry, photo, spare };
  }
  type Fixture = Awaited<ReturnType<typeof fixture>>;

  const writes: [string, (call: Call, f: Fixture) => Promise<unknown>][] = [
    [
      'POST /locations',
      (call) => call('POST', '/locations', { name: 'New', position: { lat: 1, lng: 2 } }),
    ],
    [
      'PUT /locations/{id}',
      (call, f) => call('PUT', `/locations/${f.location.id}`, { favorite: true }),
    ],
    ['DELETE /locations/{id}', (call, f) => call('DELETE', `/locations/${f.location.id}`)],
    [
      'POST /locations/{id}/entries',
      (call, f) => call('POST', `/locations/${f.location.id}/entries`, { date: '2026-07-01' }),
    ],
    [
      'PUT /locations/{id}/entries/{entryId}',
      (call, f) =>
        call('PUT', `/locations/${f.location.id}/entries/${f.entry.id}`, { notes: 'second' }),
    ],
    [
      'DELETE /locations/{id}/entries/{entryId}',
      (call, f) => call('DELETE', `/locations/${f.location.id}/entries/${f.entry.id}`),
    ],
    [
      'POST /species/rename',
      (call) => call('POST', '/species/rename', { from: 'first-species', to: 'renamed' }),
    ],
    [
      'a photo attached to a new entry',
      (call, f) =>
        call('POST', `/locations/${f.location.id}/entries`, {
          date: '2026-07-02',
          photos: [{ filePath: f.spare.filePath }],
        }),
    ],
    [
      "an entry's photos replaced",
      (call, f) =>
        call('PUT', `/locations/${f.location.id}/entries/${f.entry.id}`, {
          photos: [{ filePath: f.spare.filePath }],
        }),
    ],
  ];

  it.each(writes)(
    '%s: the next GET /locations shows it, under a new ETag',
    async (_name, write) => {
      const user = await t.signUp();
      const f = await fixture(user);
      const before = await listOf(t, user);
      expect(await conditionalStatus(t, user, before.etag)).toBe(304);
      const res = (await write(apiClient(t.app, user.auth), f)) as { statusCode: number };
      expect(res.statusCode).toBeLessThan(300);
      // The old ETag no longer gets a 304, at once (the revision read sees the commit).
      expect(await conditionalStatus(t, user, before.etag)).toBe(200);
      const after = await listOf(t, user);
      expect(after.etag).not.toBe(before.etag);
      expect(await conditionalStatus(t, user, after.etag)).toBe(304);
      expect(after.body).not.toBe(before.body);
      // The truth, read past the cache: a full sync makes its answer afresh.
      expect(after.data).toEqual((await syncOf(t, user)).locations);
    },
  );

  it.each([
    [
      'POST /preferences',
      (call: Call, user: TestUser) => call('POST', '/preferences', { id: user.id }),
    ],
    [
      'PUT /preferences/categories',
      (call: Call) => call('PUT', '/preferences/categories', { categories: ['lichens'] }),
    ],
    [
      'PUT /preferences/species/{category}',
      (call: Call) => call('PUT', '/preferences/species/lichens', { species: ['reindeer'] }),
    ],
    [
      'PUT /preferences/terrain',
      (call: Call) => call('PUT', '/preferences/terrain', { terrainTypes: ['scree'] }),
    ],
    [
      'PUT /preferences/trees',
      (call: Call) => call('PUT', '/preferences/trees', { treeTypes: ['rowan'] }),
    ],
    [
      'PUT /preferences/tutorial',
      (call: Call) => call('PUT', '/preferences/tutorial', { show: false }),
    ],
  ])('%s raises the revision: GET /locations gets a new ETag and cursor', async (_name, write) => {
    const user = await t.signUp();
    await seedLocation(t, user);
    const before = await listOf(t, user);
    const res = await write(apiClient(t.app, user.auth), user);
    expect(res.statusCode).toBeLessThan(300);
    expect(await conditionalStatus(t, user, before.etag)).toBe(200);
    const after = await listOf(t, user);
    expect(after.etag).not.toBe(before.etag);
    expect(after.cursor).not.toBe(before.cursor);
    expect(after.data).toEqual(before.data);
  });

  it('a POST /preferences for a record that exists changes nothing: same ETag, same cursor, kept answer', async () => {
    const user = await t.signUp();
    await seedLocation(t, user);
    const call = apiClient(t.app, user.auth);
    expect((await call('POST', '/preferences', { id: user.id })).statusCode).toBe(201);
    const before = await listOf(t, user);
    const again = await call('POST', '/preferences', {
      id: user.id,
      customTerrainTypes: ['ignored: the record is there'],
    });
    expect(again.statusCode).toBe(201);
    const after = await listOf(t, user);
    expect(after.etag).toBe(before.etag);
    expect(after.cursor).toBe(before.cursor);
    expect(t.app.listCache.holds(user.id)).toBe(true);
    const preferences = await call('GET', '/preferences');
    expect(
      preferences.json<{ data: { customTerrainTypes: string[] } }>().data.customTerrainTypes,
    ).not.toContain('ignored: the record is there');
  });

  it("forgets a deleted account's answer at once", async () => {
    const user = await t.signUp();
    await fixture(user);
    await listOf(t, user);
    expect(t.app.listCache.holds(user.id)).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { authorization: `Bearer ${user.sessionToken}` },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(t.app.listCache.holds(user.id)).toBe(false);
    // Its revision went with it: were its token still good, the answer would be made anew, empty.
    const revisions = await t.app.db
      .selectFrom('sync_revisions')
      .select('revision')
      .where('user_id', '=', user.id)
      .execute();
    expect(revisions).toEqual([]);
  });
});

describe.each(databaseKinds)('LOCATIONS_CACHE_MB=0 on $name', (kind) => {
  const t = useTestApp(kind, { env: { LOCATIONS_CACHE_MB: '0' } });
  let user: TestUser;
  let location: Location;

  beforeAll(async () => {
    user = await t.signUp();
    location = await seedLocation(t, user, { name: 'Kept' });
  });

  it('keeps nothing: every answer is made anew', async () => {
    await listOf(t, user);
    expect(t.app.listCache.holds(user.id)).toBe(false);
    await renameBehindTheApi(t, location.id, 'Changed behind the API');
    expect((await listOf(t, user)).data.map((l) => l.name)).toEqual(['Changed behind the API']);
  });
});

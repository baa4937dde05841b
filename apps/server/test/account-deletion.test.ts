import type { Location } from '@fj/contract/locations';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { fetchSigned, photoRows, storedPhotoFiles } from './helpers/photos.ts';
import { seedEntryWithPhotos, seedPhoto } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(databaseKinds)('deleting an account on $name', (kind) => {
  const t = useTestApp(kind);

  /** A user with a location, an entry holding a photo, and preferences. */
  async function userWithData(): Promise<{ user: TestUser; photoUrl: string; files: string[] }> {
    const user = await t.signUp();
    const photo = await seedPhoto(t, user);
    await seedEntryWithPhotos(t, user, [photo], { date: '2026-10-02' });
    await t.app.inject({ method: 'GET', url: '/api/v1/preferences', headers: user.auth });
    return { user, photoUrl: photo.url, files: [photo.filePath, photo.thumbnailFilePath] };
  }

  const deleteAccount = (user: TestUser, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { authorization: `Bearer ${user.sessionToken}` },
      payload: { password },
    });

  it('refuses a wrong password and keeps everything', async () => {
    const { user, files } = await userWithData();
    const res = await deleteAccount(user, 'not-the-password');
    expect(res.statusCode).toBe(400);
    expect(storedPhotoFiles(t)).toEqual(expect.arrayContaining(files));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: user.auth,
    });
    expect(list.json<{ data: Location[] }>().data).toHaveLength(1);
  });

  it('refuses deletion without a password, even from a fresh session, and keeps everything', async () => {
    const { user, files } = await userWithData();
    // better-auth alone deletes on a session under a day old when no password is sent.
    for (const payload of [{}, { password: '' }, { callbackURL: '/' }, { token: 'made-up' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/delete-user',
        headers: { authorization: `Bearer ${user.sessionToken}` },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_REQUIRED' });
    }
    expect(storedPhotoFiles(t)).toEqual(expect.arrayContaining(files));
    expect(await photoRows(t, user.id)).toHaveLength(1);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: user.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: Location[] }>().data).toHaveLength(1);
    const users = await t.app.db
      .selectFrom('user')
      .select('id')
      .where('id', '=', user.id)
      .execute();
    expect(users).toHaveLength(1);
  });

  it("removes every location, entry, preference, photo row and photo file of that user, and nobody else's", async () => {
    const keeper = await userWithData();
    const { user, photoUrl, files } = await userWithData();
    const res = await deleteAccount(user, user.password);
    expect(res.statusCode).toBe(200);

    for (const table of ['locations', 'entries', 'photos'] as const) {
      const rows = await t.app.db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const prefs = await t.app.db
      .selectFrom('preferences')
      .select('id')
      .where('id', '=', user.id)
      .execute();
    expect(prefs).toEqual([]);
    const left = storedPhotoFiles(t);
    for (const file of files) expect(left).not.toContain(file);
    expect((await fetchSigned(t, photoUrl)).statusCode).toBe(404);

    // The session is gone: no new ID token, and sign-in fails.
    const token = await t.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { authorization: `Bearer ${user.sessionToken}` },
    });
    expect(token.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(401);

    // The other user keeps everything.
    expect(left).toEqual(expect.arrayContaining(keeper.files));
    expect(await photoRows(t, keeper.user.id)).toHaveLength(1);
    expect((await fetchSigned(t, keeper.photoUrl)).statusCode).toBe(200);
  });
});

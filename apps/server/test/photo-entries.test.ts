import type { Location } from '@fj/contract/locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import {
  expectNoMetadata,
  fetchImage,
  fetchSigned,
  photoRows,
  storedPhotoFiles,
} from './helpers/photos.ts';
import { seedLocation, seedPhoto } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Uploaded photos attached to entries, moved between them, and removed with them. */
describe.each(databaseKinds)('photos in entries on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
    other = await t.signUp();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    who = user,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.auth,
      ...(payload ? { payload } : {}),
    });

  describe('photos in entries', () => {
    it('an entry refers to its uploaded photo and reading the location signs it afresh', async () => {
      const photo = await seedPhoto(
        t,
        user,
        { width: 600, height: 400, orientation: 6, gps: true },
        { filename: 'morels.jpg' },
      );
      const location = await seedLocation(t, user);
      const created = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-12',
        species: ['morel'],
        photos: [photo],
      });
      expect(created.statusCode).toBe(201);
      const entry = created.json<{ location: Location }>().location.entries[0];
      expect(entry?.photos).toEqual([photo]);

      const read = (await call('GET', `/locations/${location.id}`)).json<Location>();
      const again = read.entries[0]?.photos[0];
      expect(again).toEqual(photo);
      const listed = (await call('GET', '/locations')).json<{ data: Location[] }>().data;
      expect(listed.find((l) => l.id === location.id)?.entries[0]?.photos).toEqual([photo]);

      const display = await fetchImage(t, again?.url);
      expect([display.metadata.width, display.metadata.height]).toEqual([400, 600]);
      await expectNoMetadata(display.data, display.metadata);
    });

    it('only the filePath matters: a bare reference is answered with the whole photo entry', async () => {
      const photo = await seedPhoto(t, user);
      const location = await seedLocation(t, user);
      const created = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-13',
        photos: [{ filePath: photo.filePath, name: 'renamed', width: 1 }],
      });
      expect(created.statusCode).toBe(201);
      expect(created.json<{ location: Location }>().location.entries[0]?.photos).toEqual([photo]);
    });

    it("refuses user A's photo in user B's entry (400 naming photos.0.filePath)", async () => {
      const photo = await seedPhoto(t, user);
      const theirs = await seedLocation(t, other);
      const res = await call(
        'POST',
        `/locations/${theirs.id}/entries`,
        { date: '2026-05-14', photos: [photo] },
        other,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().error.fields)).toEqual(['photos.0.filePath']);
      expect(
        (await call('GET', `/locations/${theirs.id}`, undefined, other)).json<Location>().entries,
      ).toEqual([]);
      // Nor can B slip it in by changing an entry, and A's photo stays as it was.
      const own = await seedPhoto(t, other);
      const made = await call(
        'POST',
        `/locations/${theirs.id}/entries`,
        { date: '2026-05-14', photos: [own] },
        other,
      );
      const entryId = made.json<{ location: Location }>().location.entries[0]?.id;
      const changed = await call(
        'PUT',
        `/locations/${theirs.id}/entries/${entryId}`,
        { photos: [own, photo] },
        other,
      );
      expect(changed.statusCode).toBe(400);
      expect(Object.keys(changed.json().error.fields)).toEqual(['photos.1.filePath']);
      expect((await photoRows(t, user.id)).map((row) => row.file_path)).toContain(photo.filePath);
      expect((await fetchSigned(t, photo.url)).statusCode).toBe(200);
    });

    it('refuses a photo that another entry holds, so deleting that entry cannot take it away', async () => {
      const photo = await seedPhoto(t, user);
      const location = await seedLocation(t, user);
      const first = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-20',
        photos: [photo],
      });
      expect(first.statusCode).toBe(201);
      const second = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-21',
        photos: [photo],
      });
      expect(second.statusCode).toBe(400);
      expect(second.json().error.fields).toEqual({
        'photos.0.filePath': 'belongs to another entry',
      });
      const entries = (await call('GET', `/locations/${location.id}`)).json<Location>().entries;
      expect(entries).toHaveLength(1);
      // Saving the holding entry again with the same photo is fine.
      const again = await call('PUT', `/locations/${location.id}/entries/${entries[0]?.id}`, {
        photos: [photo],
        notes: 'still mine',
      });
      expect(again.statusCode).toBe(200);
    });

    it('refuses a photo path that was never uploaded', async () => {
      const location = await seedLocation(t, user);
      const res = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-15',
        photos: [{ filePath: `${user.id}/00000000-0000-4000-8000-000000000000.webp` }],
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['photos.0.filePath']);
    });

    it('deleting the entry removes its photo rows and files', async () => {
      const photos = [
        await seedPhoto(t, user),
        await seedPhoto(t, user, { width: 200, height: 300 }),
      ];
      const location = await seedLocation(t, user);
      const made = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-16',
        photos,
      });
      const entryId = made.json<{ location: Location }>().location.entries[0]?.id;
      const files = photos.flatMap((p) => [p.filePath, p.thumbnailFilePath]);
      expect(storedPhotoFiles(t)).toEqual(expect.arrayContaining(files));

      const res = await call('DELETE', `/locations/${location.id}/entries/${entryId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ location: Location }>().location.entries).toEqual([]);
      const paths = (await photoRows(t)).map((row) => row.file_path);
      for (const photo of photos) expect(paths).not.toContain(photo.filePath);
      const left = storedPhotoFiles(t);
      for (const file of files) expect(left).not.toContain(file);
      for (const photo of photos) expect((await fetchSigned(t, photo.url)).statusCode).toBe(404);
    });

    it('changing the photos of an entry removes the dropped one and keeps the other', async () => {
      const [kept, dropped] = [await seedPhoto(t, user), await seedPhoto(t, user)];
      const location = await seedLocation(t, user);
      const made = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-17',
        photos: [kept, dropped],
      });
      const entryId = made.json<{ location: Location }>().location.entries[0]?.id;
      const res = await call('PUT', `/locations/${location.id}/entries/${entryId}`, {
        photos: [kept],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ location: Location }>().location.entries[0]?.photos).toEqual([kept]);
      const left = storedPhotoFiles(t);
      expect(left).toEqual(expect.arrayContaining([kept.filePath, kept.thumbnailFilePath]));
      expect(left).not.toContain(dropped.filePath);
      expect(left).not.toContain(dropped.thumbnailFilePath);
      const paths = (await photoRows(t)).map((row) => row.file_path);
      expect(paths).toContain(kept.filePath);
      expect(paths).not.toContain(dropped.filePath);
    });

    it('deleting a location removes the photo rows and files of all its entries', async () => {
      const photos = [await seedPhoto(t, user), await seedPhoto(t, user)];
      const elsewhere = await seedPhoto(t, user);
      const location = await seedLocation(t, user);
      const keep = await seedLocation(t, user);
      for (const [i, photo] of photos.entries()) {
        const res = await call('POST', `/locations/${location.id}/entries`, {
          date: `2026-05-1${i}`,
          photos: [photo],
        });
        expect(res.statusCode).toBe(201);
      }
      await call('POST', `/locations/${keep.id}/entries`, {
        date: '2026-05-18',
        photos: [elsewhere],
      });

      expect((await call('DELETE', `/locations/${location.id}`)).statusCode).toBe(204);
      const paths = (await photoRows(t)).map((row) => row.file_path);
      const left = storedPhotoFiles(t);
      for (const photo of photos) {
        expect(paths).not.toContain(photo.filePath);
        expect(left).not.toContain(photo.filePath);
        expect(left).not.toContain(photo.thumbnailFilePath);
      }
      expect(paths).toContain(elsewhere.filePath);
      expect(left).toEqual(
        expect.arrayContaining([elsewhere.filePath, elsewhere.thumbnailFilePath]),
      );
      expect((await fetchSigned(t, elsewhere.url)).statusCode).toBe(200);
    });
  });
});

import type { Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sweepIntervalMs } from '../src/modules/photos/sweeper.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { photoRows, storedPhotoFiles, uploadedPhoto } from './helpers/photos.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

const filesOf = (photo: PhotoEntry) => [photo.filePath, photo.thumbnailFilePath];

async function attachToNewEntry(t: TestApp, user: TestUser, photo: PhotoEntry) {
  const location = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: user.auth,
    payload: { name: 'Mossy slope', position: { lat: 59.3, lng: 18.1 } },
  });
  const entry = await t.app.inject({
    method: 'POST',
    url: `/api/v1/locations/${location.json<Location>().id}/entries`,
    headers: user.auth,
    payload: { date: '2026-09-12', photos: [{ filePath: photo.filePath }] },
  });
  expect(entry.statusCode).toBe(201);
}

describe.each(databaseKinds)('the unattached-photo sweeper on $name', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
    t = undefined;
  });

  it('removes rows and files of photos unattached for 24 h exactly, not a millisecond sooner', async () => {
    t = await createTestApp(kind);
    const user = await t.signUp();
    const jpeg = await makeJpeg({ width: 300, height: 200 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const uploadedAt = Date.now();
    vi.setSystemTime(uploadedAt);
    const abandoned = await uploadedPhoto(t, user, jpeg);
    expect(storedPhotoFiles(t)).toContain(abandoned.filePath);
    const attached = await uploadedPhoto(t, user, jpeg);
    await attachToNewEntry(t, user, attached);
    vi.setSystemTime(uploadedAt + 2 * hourMs);
    // The 1-hour ID token has run out by now: ask for a fresh one, as the app would.
    const idToken = await t.idTokenFor(user.sessionToken);
    const younger = await uploadedPhoto(
      t,
      { ...user, auth: { authorization: `Bearer ${idToken}` } },
      jpeg,
    );

    vi.setSystemTime(uploadedAt + dayMs - 1);
    expect(await t.app.photoSweeper.sweep()).toBe(0);
    expect(await photoRows(t, user.id)).toHaveLength(3);

    vi.setSystemTime(uploadedAt + dayMs);
    expect(await t.app.photoSweeper.sweep()).toBe(1);
    const left = (await photoRows(t, user.id)).map((row) => row.file_path).sort();
    expect(left).toEqual([attached.filePath, younger.filePath].sort());
    expect(storedPhotoFiles(t)).toEqual([...filesOf(attached), ...filesOf(younger)].sort());

    // Long after, the attached photo still stays; the younger one goes at its own 24 hours.
    vi.setSystemTime(uploadedAt + 2 * hourMs + dayMs);
    expect(await t.app.photoSweeper.sweep()).toBe(1);
    expect(storedPhotoFiles(t)).toEqual(filesOf(attached).sort());
  });

  it('runs by itself on a timer in the server, and stops when the server closes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    t = await createTestApp(kind);
    const user = await t.signUp();
    const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 }));
    vi.setSystemTime(Date.now() + dayMs - sweepIntervalMs);
    expect(t.app.photoSweeper.running).toBeUndefined();

    vi.advanceTimersByTime(sweepIntervalMs);
    expect(t.app.photoSweeper.running).toBeDefined();
    await t.app.photoSweeper.running;
    expect(await photoRows(t, user.id)).toEqual([]);
    expect(storedPhotoFiles(t)).not.toContain(photo.filePath);

    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await t.close();
    t = undefined;
    // The sweeper's interval went with the server (as did every other interval it keeps).
    expect(vi.getTimerCount()).toBe(0);
  });
});

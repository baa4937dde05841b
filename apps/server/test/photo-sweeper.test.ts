import type { PhotoEntry } from '@fj/contract/photos';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sweepIntervalMs } from '../src/modules/photos/sweeper.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { photoRows, storedPhotoFiles, uploadedPhoto } from './helpers/photos.ts';
import { seedEntryWithPhotos } from './helpers/seed.ts';
import { useTestApps } from './helpers/use-test-app.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

const filesOf = (photo: PhotoEntry) => [photo.filePath, photo.thumbnailFilePath];

describe.each(databaseKinds)('the unattached-photo sweeper on $name', (kind) => {
  afterEach(() => vi.useRealTimers());
  // Each test builds its app itself, under the fake clock it set up first.
  const apps = useTestApps();

  it('removes rows and files of photos unattached for 24 h exactly, not a millisecond sooner', async () => {
    const t = await apps.start(kind);
    const user = await t.signUp();
    const jpeg = await makeJpeg({ width: 300, height: 200 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const uploadedAt = Date.now();
    vi.setSystemTime(uploadedAt);
    const abandoned = await uploadedPhoto(t, user, jpeg);
    expect(storedPhotoFiles(t)).toContain(abandoned.filePath);
    const attached = await uploadedPhoto(t, user, jpeg);
    await seedEntryWithPhotos(t, user, [{ filePath: attached.filePath }], { date: '2026-09-12' });
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
    const t = await apps.start(kind);
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
    // The sweeper's interval went with the server (as did every other interval it keeps).
    expect(vi.getTimerCount()).toBe(0);
  });
});

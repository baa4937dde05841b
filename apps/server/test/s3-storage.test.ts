import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoLimits } from '@fj/contract/photos';
import { StorageDeleteError, type PhotoStorage } from '../src/storage/photo-storage.ts';
import { createS3Storage, deleteBatchSize } from '../src/storage/s3-storage.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { fetchImage, fetchSigned, uploadedPhoto } from './helpers/photos.ts';
import { seedEntryWithPhotos } from './helpers/seed.ts';
import { startS3Server, type TestS3Server } from './helpers/s3-server.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;

async function bytesOf(body: Readable | null): Promise<Buffer> {
  if (!body) throw new Error('no such object');
  return Buffer.concat((await body.toArray()) as Buffer[]);
}

/** The S3 photo storage against s3rver, a real S3-compatible server on a free port. */
describe('S3 photo storage', () => {
  let s3: TestS3Server;
  let storage: PhotoStorage;

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = await createS3Storage({
      kind: 's3',
      bucket: s3.bucket,
      region: s3.env.S3_REGION ?? '',
      endpoint: s3.env.S3_ENDPOINT,
      accessKeyId: s3.env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
  });
  afterAll(() => s3.close());

  it('gives back the bytes it was given, and null for a key never put', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await storage.put('alice/one.webp', bytes, 'image/webp');
    expect(await s3.keys('alice/')).toEqual(['alice/one.webp']);
    expect((await bytesOf(await storage.get('alice/one.webp'))).equals(bytes)).toBe(true);
    expect(await storage.get('alice/never.webp')).toBeNull();
  });

  it('deletes, and takes a key that is already gone as deleted', async () => {
    await storage.put('bob/a.webp', Buffer.from('a'), 'image/webp');
    await storage.put('bob/b.webp', Buffer.from('b'), 'image/webp');
    await storage.delete(['bob/a.webp', 'bob/gone.webp']);
    expect(await s3.keys('bob/')).toEqual(['bob/b.webp']);
    expect(await storage.get('bob/a.webp')).toBeNull();
    await storage.delete([]);
    expect(await s3.keys('bob/')).toEqual(['bob/b.webp']);
  });

  it('refuses a key it would not make, before asking the bucket', async () => {
    for (const key of ['../x.webp', 'a/b/c.webp', 'a/b.jpg']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe/);
      await expect(storage.delete([key])).rejects.toThrow(/unsafe/);
    }
  });

  it(`deletes more than ${deleteBatchSize} keys in requests of at most ${deleteBatchSize}`, async () => {
    const keys = Array.from({ length: 2500 }, (_, i) => `many/p${i}.webp`);
    const stored = keys.filter((_, i) => i % 250 === 0);
    for (const key of stored) await storage.put(key, Buffer.from(key), 'image/webp');
    expect(await s3.keys('many/')).toHaveLength(10);
    s3.deleteRequests.length = 0;
    await storage.delete(keys);
    expect(s3.deleteRequests).toEqual([1000, 1000, 500]);
    expect(await s3.keys('many/')).toEqual([]);
  });

  it('reports each key the bucket refused, after deleting all the others', async () => {
    const keys = Array.from({ length: 1500 }, (_, i) => `refused/p${i}.webp`);
    const kept = ['refused/p3.webp', 'refused/p1200.webp'];
    for (const key of [...kept, 'refused/p4.webp', 'refused/p1300.webp']) {
      await storage.put(key, Buffer.from(key), 'image/webp');
    }
    s3.refuseDeletes(kept);
    const failure = await storage.delete(keys).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageDeleteError);
    expect((failure as StorageDeleteError).failures).toEqual(
      kept.map((key) => ({ key, code: 'AccessDenied' })),
    );
    expect((failure as Error).message).toContain('refused/p1200.webp (AccessDenied)');
    expect(await s3.keys('refused/')).toEqual([...kept].sort());
  });
});

describe.each(databaseKinds)('photos kept in S3 on $name', (kind) => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());
  const t = useTestApp(kind, () => ({ env: s3.env }));
  afterEach(() => {
    vi.useRealTimers();
  });

  async function userWithPhoto(): Promise<{ user: TestUser; url: string; keys: string[] }> {
    const user = await t.signUp();
    const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 900, height: 600 }));
    await seedEntryWithPhotos(t, user, [photo]);
    if (!photo.thumbnailFilePath || !photo.thumbnailUrl) throw new Error('no thumbnail');
    return { user, url: photo.url, keys: [photo.filePath, photo.thumbnailFilePath].sort() };
  }

  it('stores an uploaded JPEG and its thumbnail in the bucket and serves both back', async () => {
    expect(t.config.storage.kind).toBe('s3');
    const user = await t.signUp();
    const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 900, height: 600 }));
    const thumbKey = photo.thumbnailFilePath ?? '';
    expect(await s3.keys(`${user.id}/`)).toEqual([photo.filePath, thumbKey].sort());

    const display = await fetchImage(t, photo.url);
    const inBucket = await bytesOf(await t.app.photoStorage.get(photo.filePath));
    expect(display.data.equals(inBucket)).toBe(true);
    expect([display.metadata.width, display.metadata.height]).toEqual([900, 600]);

    const thumb = await fetchImage(t, photo.thumbnailUrl);
    expect(thumb.data.equals(await bytesOf(await t.app.photoStorage.get(thumbKey)))).toBe(true);
    expect(thumb.metadata.format).toBe('webp');
    expect(Math.max(thumb.metadata.width ?? 0, thumb.metadata.height ?? 0)).toBe(
      photoLimits.thumbnailMaxSide,
    );
  });

  it('refuses a tampered or expired signed URL', async () => {
    const { url } = await userWithPhoto();
    expect((await fetchSigned(t, url)).statusCode).toBe(200);
    const tampered = url.replace(
      /sig=(.)/,
      (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`,
    );
    expect((await fetchSigned(t, tampered)).statusCode).toBe(404);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * dayMs);
    const expired = await fetchSigned(t, url);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it("empties a deleted account's photos from the bucket and keeps another user's", async () => {
    const leaving = await userWithPhoto();
    const staying = await userWithPhoto();
    expect(await s3.keys(`${leaving.user.id}/`)).toEqual(leaving.keys);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { authorization: `Bearer ${leaving.user.sessionToken}` },
      payload: { password: leaving.user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await s3.keys(`${leaving.user.id}/`)).toEqual([]);
    expect((await fetchSigned(t, leaving.url)).statusCode).toBe(404);
    expect(await s3.keys(`${staying.user.id}/`)).toEqual(staying.keys);
    expect((await fetchSigned(t, staying.url)).statusCode).toBe(200);
  });
  it('answers a deletion the bucket half refused as done, and logs the files it left', async () => {
    const { user, keys } = await userWithPhoto();
    const [refusedKey, deletedKey] = keys;
    if (!refusedKey || !deletedKey) throw new Error('two keys expected');
    s3.refuseDeletes([refusedKey]);
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/locations',
        headers: user.auth,
      });
      const [location] = list.json<{ data: { id: string }[] }>().data;
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/locations/${location?.id ?? ''}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(204);
      expect(await s3.keys(`${user.id}/`)).toEqual([refusedKey]);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ failures: [{ key: refusedKey, code: 'AccessDenied' }] }),
        'stored photo files could not be deleted',
      );
    } finally {
      logged.mockRestore();
    }
  });
});

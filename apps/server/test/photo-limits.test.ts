import type { PhotoEntry } from '@fj/contract/photos';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { photoRows, storedPhotoFiles, uploadPhoto } from './helpers/photos.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** MAX_UPLOAD_BYTES and MAX_IMAGE_PIXELS, set low here so small real images cross them. */
describe.each(databaseKinds)('photo limits on $name', (kind) => {
  const t = useTestApp(kind, { env: { MAX_UPLOAD_BYTES: '50000', MAX_IMAGE_PIXELS: '1000000' } });
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
  });

  const expectNothingStored = async () => {
    expect(await photoRows(t)).toEqual([]);
    expect(storedPhotoFiles(t)).toEqual([]);
  };

  it('answers 413 for a file over MAX_UPLOAD_BYTES', async () => {
    const jpeg = await makeJpeg({ width: 400, height: 400, noise: true });
    expect(jpeg.length).toBeGreaterThan(50_000);
    const res = await uploadPhoto(t, user, jpeg);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) },
    });
    await expectNothingStored();
  });

  it('answers 413 for an image over MAX_IMAGE_PIXELS, however small the file', async () => {
    const jpeg = await makeJpeg({ width: 2000, height: 2000 });
    expect(jpeg.length).toBeLessThan(50_000);
    const res = await uploadPhoto(t, user, jpeg);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fields: { file: expect.stringContaining('1000000') },
    });
    await expectNothingStored();
  });

  it('takes an image of exactly MAX_IMAGE_PIXELS that is under MAX_UPLOAD_BYTES', async () => {
    const jpeg = await makeJpeg({ width: 1000, height: 1000 });
    expect(jpeg.length).toBeLessThan(50_000);
    const res = await uploadPhoto(t, user, jpeg);
    expect(res.statusCode).toBe(201);
    expect([res.json<PhotoEntry>().width, res.json<PhotoEntry>().height]).toEqual([1000, 1000]);
    expect(await photoRows(t)).toHaveLength(1);
  });
});

import type { PhotoEntry } from '@fj/contract/photos';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import {
  colourName,
  makeJpeg,
  pixelAt,
  webpChunks,
  webpExifTiff,
  writtenGps,
} from './helpers/images.ts';
import { multipartBody } from './helpers/multipart.ts';
import {
  expectNoMetadata,
  fetchImage,
  photoRows,
  storedPhotoFiles,
  uploadPhoto,
  uploadedPhoto,
} from './helpers/photos.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** POST /api/v1/photos: what is taken, how it is stored, and what is refused with nothing written. */
describe.each(databaseKinds)('photo upload on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
  });

  describe('the test inputs themselves', () => {
    it('carry GPS tags and an orientation that exifr reads', async () => {
      const jpeg = await makeJpeg({ width: 600, height: 400, orientation: 6, gps: true });
      const gps = await exifr.gps(jpeg);
      expect(gps.latitude).toBeCloseTo(writtenGps.latitude, 4);
      expect(gps.longitude).toBeCloseTo(writtenGps.longitude, 4);
      expect(await exifr.orientation(jpeg)).toBe(6);
      const metadata = await sharp(jpeg).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 600, 400]);
    });

    it('are checked by a detector that does find EXIF in a WebP that kept it', async () => {
      const jpeg = await makeJpeg({ width: 300, height: 200, gps: true });
      const leaky = await sharp(jpeg).keepExif().webp().toBuffer();
      expect(webpChunks(leaky)).toContain('EXIF');
      const chunk = webpExifTiff(leaky);
      expect(chunk).toBeDefined();
      if (chunk) expect((await exifr.gps(chunk)).latitude).toBeCloseTo(writtenGps.latitude, 4);
      await expect(expectNoMetadata(leaky, await sharp(leaky).metadata())).rejects.toThrow();
    });
  });

  describe('upload', () => {
    it('answers 201 with the documented photo entry', async () => {
      const before = Date.now();
      const res = await uploadPhoto(t, user, await makeJpeg({ width: 300, height: 200 }), {
        filename: 'Kantarell <Öland> 2024?.jpg',
      });
      expect(res.statusCode).toBe(201);
      const photo = res.json<PhotoEntry>();
      expect(Object.keys(photo).sort()).toEqual([
        'filePath',
        'height',
        'name',
        'size',
        'thumbnailFilePath',
        'thumbnailUrl',
        'uploadedAt',
        'url',
        'width',
      ]);
      expect(photo.filePath).toMatch(new RegExp(`^${user.id}/[0-9a-f-]{36}\\.webp$`));
      expect(photo.thumbnailFilePath).toBe(photo.filePath.replace(/\.webp$/, '-thumb.webp'));
      expect(photo.url).toMatch(
        new RegExp(`^/api/files/${photo.filePath}\\?expires=\\d+&sig=[\\w-]+$`),
      );
      expect(photo.thumbnailUrl).toMatch(
        new RegExp(`^/api/files/${photo.thumbnailFilePath}\\?expires=\\d+&sig=[\\w-]+$`),
      );
      expect(photo.name).toBe('Kantarell Öland 2024.jpg');
      expect([photo.width, photo.height]).toEqual([300, 200]);
      const uploadedAt = Date.parse(photo.uploadedAt);
      expect(uploadedAt).toBeGreaterThanOrEqual(before);
      expect(uploadedAt).toBeLessThanOrEqual(Date.now());

      const display = await fetchImage(t, photo.url);
      expect(photo.size).toBe(display.data.length);
      const rows = await photoRows(t, user.id);
      expect(rows.map((row) => row.file_path)).toContain(photo.filePath);
      expect(storedPhotoFiles(t)).toEqual(
        expect.arrayContaining([photo.filePath, photo.thumbnailFilePath]),
      );
    });

    it('stores WebP with no EXIF or GPS left, turned the right way up (orientation 6)', async () => {
      const jpeg = await makeJpeg({ width: 600, height: 400, orientation: 6, gps: true });
      const photo = await uploadedPhoto(t, user, jpeg);
      // EXIF orientation 6 means "turn 90° clockwise to view": 600×400 stored is 400×600 seen.
      expect([photo.width, photo.height]).toEqual([400, 600]);

      const display = await fetchImage(t, photo.url);
      await expectNoMetadata(display.data, display.metadata);
      expect([display.metadata.width, display.metadata.height]).toEqual([400, 600]);
      // The red block was stored top-left; turned clockwise it is top-right.
      expect(colourName(await pixelAt(display.data, 395, 5))).toBe('red');
      expect(colourName(await pixelAt(display.data, 5, 5))).toBe('blue');
      expect(colourName(await pixelAt(display.data, 395, 595))).toBe('blue');

      const thumb = await fetchImage(t, photo.thumbnailUrl);
      await expectNoMetadata(thumb.data, thumb.metadata);
      expect([thumb.metadata.width, thumb.metadata.height]).toEqual([267, 400]);
      expect(colourName(await pixelAt(thumb.data, 263, 3))).toBe('red');
      expect(colourName(await pixelAt(thumb.data, 3, 3))).toBe('blue');
    });

    it('scales a 3000×2000 photo to 2048×1365 and its thumbnail to 400×267', async () => {
      const photo = await uploadedPhoto(
        t,
        user,
        await makeJpeg({ width: 3000, height: 2000, gps: true }),
      );
      expect([photo.width, photo.height]).toEqual([2048, 1365]);
      const display = await fetchImage(t, photo.url);
      expect([display.metadata.width, display.metadata.height]).toEqual([2048, 1365]);
      await expectNoMetadata(display.data, display.metadata);
      const thumb = await fetchImage(t, photo.thumbnailUrl);
      expect([thumb.metadata.width, thumb.metadata.height]).toEqual([400, 267]);
      await expectNoMetadata(thumb.data, thumb.metadata);
    });

    it('does not enlarge a small 300×200 photo, nor its thumbnail', async () => {
      const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 }));
      expect([photo.width, photo.height]).toEqual([300, 200]);
      const display = await fetchImage(t, photo.url);
      expect([display.metadata.width, display.metadata.height]).toEqual([300, 200]);
      const thumb = await fetchImage(t, photo.thumbnailUrl);
      expect([thumb.metadata.width, thumb.metadata.height]).toEqual([300, 200]);
    });

    it('takes a photo bigger than 1 MiB (the JSON body limit) under MAX_UPLOAD_BYTES', async () => {
      const jpeg = await makeJpeg({ width: 1600, height: 1200, noise: true });
      expect(jpeg.length).toBeGreaterThan(1024 * 1024);
      const res = await uploadPhoto(t, user, jpeg);
      expect(res.statusCode).toBe(201);
      expect([res.json<PhotoEntry>().width, res.json<PhotoEntry>().height]).toEqual([1600, 1200]);
    });

    describe('refusals, with nothing written', () => {
      let rowsBefore: number;
      let filesBefore: string[];
      beforeAll(async () => {
        // Settle any earlier upload first: each refusal test compares against this.
        rowsBefore = (await photoRows(t)).length;
        filesBefore = storedPhotoFiles(t);
      });
      afterEach(async () => {
        expect((await photoRows(t)).length).toBe(rowsBefore);
        expect(storedPhotoFiles(t)).toEqual(filesBefore);
      });

      it('answers 415 for text bytes named photo.jpg sent as image/jpeg', async () => {
        const res = await uploadPhoto(t, user, 'these are not the pixels you are looking for');
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: expect.stringContaining('file'),
            fields: { file: expect.any(String) },
          },
        });
      });

      it('answers 415 for a JPEG cut in half', async () => {
        const jpeg = await makeJpeg({ width: 600, height: 400 });
        const res = await uploadPhoto(t, user, jpeg.subarray(0, jpeg.length / 2));
        expect(res.statusCode).toBe(415);
        expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      });

      it('answers 415 for a JSON body instead of multipart', async () => {
        const res = await apiClient(t.app, user.auth)('POST', '/photos', {
          file: 'aGVsbG8=',
          name: 'photo.jpg',
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: expect.any(String),
            fields: { body: expect.any(String) },
          },
        });
      });

      it('answers 400 naming file for a multipart body with no file in it', async () => {
        const body = multipartBody([{ name: 'caption', data: 'no photo here' }]);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/photos',
          headers: { ...user.auth, ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { file: 'required' },
        });
      });

      it('answers 401 without an ID token', async () => {
        const body = multipartBody([
          {
            name: 'file',
            filename: 'photo.jpg',
            contentType: 'image/jpeg',
            data: await makeJpeg({ width: 300, height: 200 }),
          },
        ]);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/photos',
          headers: body.headers,
          payload: body.payload,
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      });
    });
  });
});

import type { Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import exifr from 'exifr';
import sharp, { type Metadata } from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUrlSigner } from '../src/storage/url-signer.ts';
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
  fetchSigned,
  photoRows,
  storedPhotoFiles,
  uploadPhoto,
  uploadedPhoto,
} from './helpers/photos.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** The secret createTestApp configures; the tests sign URLs with it to forge expired ones. */
const testSecret = 'test-secret-that-is-long-enough-0123456789';

const spot = { name: 'Spruce bog', position: { lat: 59.33, lng: 18.07 } };

/** The parts of a signed URL `/api/files/{userId}/{file}?expires=…&sig=…`. */
function partsOf(url: string) {
  const parsed = new URL(url, 'http://x');
  const match = /^\/api\/files\/([^/]+)\/([^/]+)$/.exec(parsed.pathname);
  if (!match?.[1] || !match[2]) throw new Error(`not a signed photo URL: ${url}`);
  return {
    userId: match[1],
    file: match[2],
    expires: Number(parsed.searchParams.get('expires')),
    sig: parsed.searchParams.get('sig') ?? '',
  };
}

const signedUrl = (p: { userId: string; file: string; expires: number; sig: string }) =>
  `/api/files/${p.userId}/${p.file}?expires=${p.expires}&sig=${encodeURIComponent(p.sig)}`;

/** The bytes and sharp's reading of a stored image, fetched through its signed URL. */
async function fetchImage(t: TestApp, url: string | undefined) {
  if (!url) throw new Error('no URL');
  const res = await fetchSigned(t, url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const data = res.rawPayload;
  return { data, metadata: await sharp(data).metadata() };
}

/** Asserts that a stored WebP carries no metadata block at all, GPS least of all. */
async function expectNoMetadata(data: Buffer, metadata: Metadata) {
  expect(metadata.format).toBe('webp');
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  const chunks = webpChunks(data);
  expect(chunks).not.toContain('EXIF');
  expect(chunks).not.toContain('XMP ');
  expect(data.includes('Exif')).toBe(false);
  expect(data.includes('TestCam')).toBe(false);
  // exifr cannot open WebP files; it reads the EXIF chunk if there is one. There must be none.
  const exifChunk = webpExifTiff(data);
  expect(exifChunk).toBeUndefined();
  if (exifChunk) expect(await exifr.gps(exifChunk)).toBeUndefined();
}

describe.each(databaseKinds)('photos on $name', (kind) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await t.signUp();
    other = await t.signUp();
  });
  afterAll(() => t.close());

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
        const res = await call('POST', '/photos', { file: 'aGVsbG8=', name: 'photo.jpg' });
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

  describe('signed URLs', () => {
    let photo: PhotoEntry;
    beforeAll(async () => {
      photo = await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 }));
    });

    it('serve image/webp with a private cache lifetime of 24–48 hours, no auth header needed', async () => {
      const res = await fetchSigned(t, photo.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const cache = String(res.headers['cache-control']);
      const match = /^private, max-age=(\d+)(, immutable)?$/.exec(cache);
      expect(match, cache).not.toBeNull();
      const maxAge = Number(match?.[1]);
      expect(maxAge).toBeGreaterThan(24 * 60 * 60);
      expect(maxAge).toBeLessThanOrEqual(48 * 60 * 60);
    });

    it('are the same for two reads on the same day', async () => {
      const { id } = (await call('POST', '/locations', spot)).json<Location>();
      await call('POST', `/locations/${id}/entries`, { date: '2026-06-01', photos: [photo] });
      const first = (await call('GET', `/locations/${id}`)).json<Location>();
      const second = (await call('GET', `/locations/${id}`)).json<Location>();
      const [a, b] = [first.entries[0]?.photos[0], second.entries[0]?.photos[0]];
      expect(a?.url).toBe(photo.url);
      expect(b?.url).toBe(photo.url);
      expect(b?.thumbnailUrl).toBe(photo.thumbnailUrl);
    });

    it('answer 404 for a tampered signature', async () => {
      const parts = partsOf(photo.url);
      const flipped = `${parts.sig[0] === 'A' ? 'B' : 'A'}${parts.sig.slice(1)}`;
      for (const sig of [flipped, parts.sig.slice(0, -1), `${parts.sig}A`]) {
        const res = await fetchSigned(t, signedUrl({ ...parts, sig }));
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    });

    it("answer 404 for another user's id put into the path", async () => {
      const parts = partsOf(photo.url);
      const res = await fetchSigned(t, signedUrl({ ...parts, userId: other.id }));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      // The thumbnail's signature does not open the display image either.
      const thumb = partsOf(photo.thumbnailUrl ?? '');
      const swapped = await fetchSigned(t, signedUrl({ ...thumb, file: partsOf(photo.url).file }));
      expect(swapped.statusCode).toBe(404);
    });

    it('answer 404 for a moved or a past expiry, even when signed with the right key', async () => {
      const parts = partsOf(photo.url);
      const later = await fetchSigned(t, signedUrl({ ...parts, expires: parts.expires + dayMs }));
      expect(later.statusCode).toBe(404);

      const key = `${parts.userId}/${parts.file}`;
      // The test's signer makes exactly the server's URL today, so only the date differs below.
      expect(createUrlSigner(testSecret).url(key)).toBe(photo.url);
      const stale = createUrlSigner(testSecret, () => Date.now() - 3 * dayMs).url(key);
      expect(partsOf(stale).expires).toBeLessThan(Date.now());
      const res = await fetchSigned(t, stale);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    });
  });

  describe('signed URLs over several days', () => {
    const day0 = (Math.floor(Date.now() / dayMs) + 10) * dayMs;
    const at = (day: number, hours: number, minutes = 0) =>
      new Date(day0 + day * dayMs + (hours * 60 + minutes) * 60 * 1000);
    let clocked: TestApp | undefined;
    afterEach(async () => {
      await clocked?.close();
      vi.useRealTimers();
    });

    it('change at midnight (UTC) and stay valid for the rest of the next day', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at(0, 9));
      // Built under the fake clock, so every part of the app reads the same time.
      clocked = await createTestApp(kind);
      const c = clocked;
      const forager = await c.signUp();
      const photo = await uploadedPhoto(c, forager, await makeJpeg({ width: 300, height: 200 }));
      expect(photo.uploadedAt).toBe(at(0, 9).toISOString());
      const inject = (method: 'GET' | 'POST', url: string, idToken: string, payload?: object) =>
        c.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: { authorization: `Bearer ${idToken}` },
          ...(payload ? { payload } : {}),
        });
      const location = (await inject('POST', '/locations', forager.idToken, spot)).json<Location>();
      const made = await inject('POST', `/locations/${location.id}/entries`, forager.idToken, {
        date: '2026-06-01',
        photos: [photo],
      });
      expect(made.statusCode).toBe(201);

      const readUrls = async () => {
        // ID tokens last an hour: get a fresh one from the (7-day) session, as the client does.
        const res = await inject(
          'GET',
          `/locations/${location.id}`,
          await c.idTokenFor(forager.sessionToken),
        );
        expect(res.statusCode).toBe(200);
        const read = res.json<Location>().entries[0]?.photos[0];
        return { url: read?.url ?? '', thumbnailUrl: read?.thumbnailUrl ?? '' };
      };

      const morning = await readUrls();
      expect(morning.url).toBe(photo.url);
      const first = await fetchSigned(c, morning.url);
      expect(first.statusCode).toBe(200);
      // 09:00 on day 0 until 00:00 on day 2: 39 hours.
      expect(first.headers['cache-control']).toBe(`private, max-age=${39 * 3600}, immutable`);

      vi.setSystemTime(at(0, 23, 59));
      expect(await readUrls()).toEqual(morning);

      vi.setSystemTime(at(1, 0, 1));
      const nextDay = await readUrls();
      expect(nextDay.url).not.toBe(morning.url);
      expect(nextDay.thumbnailUrl).not.toBe(morning.thumbnailUrl);
      expect(partsOf(nextDay.url).expires - partsOf(morning.url).expires).toBe(dayMs);
      expect((await fetchSigned(c, morning.url)).statusCode).toBe(200);
      expect((await fetchSigned(c, morning.thumbnailUrl)).statusCode).toBe(200);
      expect((await fetchSigned(c, nextDay.url)).statusCode).toBe(200);

      vi.setSystemTime(at(1, 23, 59));
      expect((await fetchSigned(c, morning.url)).statusCode).toBe(200);

      vi.setSystemTime(at(2, 0, 1));
      const expired = await fetchSigned(c, morning.url);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.code).toBe('NOT_FOUND');
      expect((await fetchSigned(c, morning.thumbnailUrl)).statusCode).toBe(404);
      expect((await fetchSigned(c, nextDay.url)).statusCode).toBe(200);
    });
  });

  describe('photos in entries', () => {
    const newLocation = async (who = user) => {
      const res = await call('POST', '/locations', spot, who);
      expect(res.statusCode).toBe(201);
      return res.json<Location>();
    };

    it('an entry refers to its uploaded photo and reading the location signs it afresh', async () => {
      const photo = await uploadedPhoto(
        t,
        user,
        await makeJpeg({ width: 600, height: 400, orientation: 6, gps: true }),
        { filename: 'morels.jpg' },
      );
      const location = await newLocation();
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
      const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 }));
      const location = await newLocation();
      const created = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-13',
        photos: [{ filePath: photo.filePath, name: 'renamed', width: 1 }],
      });
      expect(created.statusCode).toBe(201);
      expect(created.json<{ location: Location }>().location.entries[0]?.photos).toEqual([photo]);
    });

    it("refuses user A's photo in user B's entry (400 naming photos.0.filePath)", async () => {
      const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 }));
      const theirs = await newLocation(other);
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
      const own = await uploadedPhoto(t, other, await makeJpeg({ width: 300, height: 200 }));
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
      const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 }));
      const location = await newLocation();
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
      const location = await newLocation();
      const res = await call('POST', `/locations/${location.id}/entries`, {
        date: '2026-05-15',
        photos: [{ filePath: `${user.id}/00000000-0000-4000-8000-000000000000.webp` }],
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['photos.0.filePath']);
    });

    it('deleting the entry removes its photo rows and files', async () => {
      const photos = [
        await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 })),
        await uploadedPhoto(t, user, await makeJpeg({ width: 200, height: 300 })),
      ];
      const location = await newLocation();
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
      const [kept, dropped] = [
        await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 })),
        await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 })),
      ];
      const location = await newLocation();
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
      const photos = [
        await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 })),
        await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 })),
      ];
      const elsewhere = await uploadedPhoto(t, user, await makeJpeg({ width: 300, height: 200 }));
      const location = await newLocation();
      const keep = await newLocation();
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

describe.each(databaseKinds)('photo limits on $name', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { MAX_UPLOAD_BYTES: '50000', MAX_IMAGE_PIXELS: '1000000' });
    user = await t.signUp();
  });
  afterAll(() => t.close());

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

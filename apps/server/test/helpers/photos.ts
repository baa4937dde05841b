import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PhotoEntry } from '@fj/contract/photos';
import exifr from 'exifr';
import type { LightMyRequestResponse } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { expect } from 'vitest';
import { webpChunks, webpExifTiff } from './images.ts';
import { multipartBody } from './multipart.ts';
import type { TestApp, TestUser } from './test-app.ts';

export interface UploadOptions {
  filename?: string;
  contentType?: string;
}

/** POST /api/v1/photos with one file part named "file", as the web client sends it. */
export function uploadPhoto(
  t: TestApp,
  who: TestUser,
  data: Buffer | string,
  { filename = 'photo.jpg', contentType = 'image/jpeg' }: UploadOptions = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody([{ name: 'file', filename, contentType, data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/photos',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads and insists on 201: for tests whose subject is what happens afterwards. */
export async function uploadedPhoto(
  t: TestApp,
  who: TestUser,
  data: Buffer,
  options?: UploadOptions,
): Promise<PhotoEntry> {
  const res = await uploadPhoto(t, who, data, options);
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<PhotoEntry>();
}

/** GET a signed photo URL with no Authorization header, as an <img> would. */
export function fetchSigned(t: TestApp, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url });
}

/** The local photo folder (DATA_DIR/photos) of a test app. */
export function photoDir(t: TestApp): string {
  if (t.config.storage.kind !== 'local') throw new Error('the test app stores photos in S3');
  return t.config.storage.dir;
}

/** Every file under the photo folder, as `{userId}/{file}`; empty when the folder is not there. */
export function storedPhotoFiles(t: TestApp): string[] {
  const dir = photoDir(t);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The photo rows of one user, or of everybody. */
export async function photoRows(t: TestApp, userId?: string) {
  let query = t.app.db.selectFrom('photos').selectAll();
  if (userId) query = query.where('user_id', '=', userId);
  return query.execute();
}

/** The bytes and sharp's reading of a stored image, fetched through its signed URL. */
export async function fetchImage(t: TestApp, url: string | undefined) {
  if (!url) throw new Error('no URL');
  const res = await fetchSigned(t, url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const data = res.rawPayload;
  return { data, metadata: await sharp(data).metadata() };
}

/** Asserts that a stored WebP carries no metadata block at all, GPS least of all. */
export async function expectNoMetadata(data: Buffer, metadata: Metadata) {
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

import { randomUUID } from 'node:crypto';
import type { Entry, CreateEntryInput } from '@fj/contract/entries';
import type { CreateLocationInput, Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import { makeJpeg, type JpegOptions } from './images.ts';
import { uploadedPhoto, type UploadOptions } from './photos.ts';
import type { TestApp, TestUser } from './test-app.ts';

/**
 * Set-up data made through the API, as a client would make it. Each helper insists on success
 * and throws with the answer otherwise, so a test's own expectations are about its subject.
 * Users come from `t.signUp()`.
 */

/** A place to put entries in; the tests that care about its fields pass their own. */
export const sampleSpot = { name: 'Spruce bog', position: { lat: 59.33, lng: 18.07 } };

async function post<T>(t: TestApp, who: TestUser, url: string, payload: object, what: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: who.auth,
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

/** POST /locations (sampleSpot unless fields say otherwise), insisting on 201. */
export function seedLocation(
  t: TestApp,
  who: TestUser,
  fields: Partial<CreateLocationInput> = {},
): Promise<Location> {
  return post<Location>(t, who, '/locations', { ...sampleSpot, ...fields }, 'location');
}

/** POST an entry (dated 2026-06-01 unless fields say otherwise), insisting on 201. */
export async function seedEntry(
  t: TestApp,
  who: TestUser,
  locationId: string,
  fields: Partial<CreateEntryInput> = {},
): Promise<{ location: Location; entry: Entry }> {
  // The client picks the id (as the app does offline), so the entry is found in the answer.
  const body = { date: '2026-06-01', id: randomUUID(), ...fields };
  const { location } = await post<{ location: Location }>(
    t,
    who,
    `/locations/${locationId}/entries`,
    body,
    'entry',
  );
  const entry = location.entries.find((e) => e.id === body.id);
  if (!entry) throw new Error('entry: not in the answered location');
  return { location, entry };
}

/** A real JPEG (300×200 unless told otherwise) uploaded through POST /photos, insisting on 201. */
export async function seedPhoto(
  t: TestApp,
  who: TestUser,
  image: JpegOptions = { width: 300, height: 200 },
  upload?: UploadOptions,
): Promise<PhotoEntry> {
  return uploadedPhoto(t, who, await makeJpeg(image), upload);
}

/** A new location holding one entry with these photos: the usual way to attach photos. */
export async function seedEntryWithPhotos(
  t: TestApp,
  who: TestUser,
  photos: readonly Pick<PhotoEntry, 'filePath'>[],
  fields: Partial<CreateEntryInput> = {},
): Promise<{ location: Location; entry: Entry }> {
  const location = await seedLocation(t, who);
  return seedEntry(t, who, location.id, { ...fields, photos: [...photos] });
}

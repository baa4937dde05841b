import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { photoRows, uploadedPhoto } from './helpers/photos.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const spot = { name: 'Aspen slope', position: { lat: 62.1, lng: 17.3 } };

/** An entry's photos live in the photo rows (entry_id, position): their order is the API's. */
describe.each(databaseKinds)('the order of an entry’s photos on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let call: Call;

  beforeAll(async () => {
    user = await t.signUp();
    call = apiClient(t.app, user.auth);
  });

  const upload = async (count: number): Promise<PhotoEntry[]> => {
    const photos: PhotoEntry[] = [];
    for (let i = 0; i < count; i += 1) {
      photos.push(await uploadedPhoto(t, user, await makeJpeg({ width: 60 + i, height: 40 })));
    }
    return photos;
  };
  const newLocation = async () => (await call('POST', '/locations', spot)).json<Location>();
  const pathsIn = (location: Location) =>
    location.entries.map((entry) => entry.photos.map((photo) => photo.filePath));
  const pathsOf = (...photos: PhotoEntry[]) => photos.map((photo) => photo.filePath);
  const read = async (id: string) => (await call('GET', `/locations/${id}`)).json<Location>();
  const listed = async (id: string) =>
    (await call('GET', '/locations')).json<{ data: Location[] }>().data.find((l) => l.id === id);

  it('answers the photos in the order the entry listed them, not the order of upload', async () => {
    const [a, b, c, d] = await upload(4);
    if (!a || !b || !c || !d) throw new Error('four uploads');
    const location = await newLocation();
    const res = await call('POST', `/locations/${location.id}/entries`, {
      date: '2026-06-01',
      photos: [c, a, d, b],
    });
    expect(res.statusCode).toBe(201);
    const order = [pathsOf(c, a, d, b)];
    expect(pathsIn(res.json<{ location: Location }>().location)).toEqual(order);
    expect(pathsIn(await read(location.id))).toEqual(order);
    const inList = await listed(location.id);
    expect(inList && pathsIn(inList)).toEqual(order);
  });

  it('keeps a new order given by an update, and the photo it dropped is gone', async () => {
    const [a, b, c] = await upload(3);
    if (!a || !b || !c) throw new Error('three uploads');
    const location = await newLocation();
    const made = await call('POST', `/locations/${location.id}/entries`, {
      date: '2026-06-02',
      photos: [a, b, c],
    });
    const entryId = made.json<{ location: Location }>().location.entries[0]?.id;
    const res = await call('PUT', `/locations/${location.id}/entries/${entryId}`, {
      photos: [c, a],
    });
    expect(res.statusCode).toBe(200);
    expect(pathsIn(res.json<{ location: Location }>().location)).toEqual([pathsOf(c, a)]);
    expect(pathsIn(await read(location.id))).toEqual([pathsOf(c, a)]);
    const rows = await photoRows(t, user.id);
    expect(rows.map((row) => row.file_path)).not.toContain(b.filePath);
  });

  it('a retried create answers the first entry, and attaches none of the photos it added', async () => {
    const [first, added] = await upload(2);
    if (!first || !added) throw new Error('two uploads');
    const location = await newLocation();
    const body = { id: randomUUID(), date: '2026-06-03', photos: [first] };
    const made = await call('POST', `/locations/${location.id}/entries`, body);
    expect(made.statusCode).toBe(201);
    const retry = await call('POST', `/locations/${location.id}/entries`, {
      ...body,
      photos: [first, added],
    });
    expect(retry.statusCode).toBe(201);
    expect(pathsIn(retry.json<{ location: Location }>().location)).toEqual([pathsOf(first)]);
    // Left unattached, so the sweeper takes it once its day is up.
    const row = (await photoRows(t, user.id)).find((photo) => photo.file_path === added.filePath);
    expect(row?.entry_id).toBeNull();
  });
});

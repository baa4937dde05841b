import { limits } from '@fj/contract/limits';
import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, errorOf, fieldsOf, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { uploadedPhoto } from './helpers/photos.ts';
import { seedLocation } from './helpers/seed.ts';
import { syncOf } from './helpers/sync.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const spot = { name: 'Birch hollow', position: { lat: 61.5, lng: 16.4 } };
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(databaseKinds)('entries on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let call: Call;

  beforeAll(async () => {
    user = await t.signUp();
    call = apiClient(t.app, user.auth);
  });

  const newLocation = () => seedLocation(t, user, spot);
  const postEntry = (locationId: string, body: object) =>
    call('POST', `/locations/${locationId}/entries`, body);
  const entryRows = (locationId: string) =>
    t.app.db.selectFrom('entries').select('id').where('location_id', '=', locationId).execute();

  it('answers 201 with the whole updated location, entries newest first by date', async () => {
    const location = await newLocation();
    for (const date of ['2026-05-01', '2026-07-01']) {
      expect((await postEntry(location.id, { date })).statusCode).toBe(201);
    }
    await pause();
    const res = await postEntry(location.id, {
      date: '2026-06-01',
      species: ['chanterelle', 'hedgehog'],
      abundance: 3,
      notes: 'under the birches',
      weather: 'rain yesterday',
    });
    expect(res.statusCode).toBe(201);
    const updated = res.json<{ location: Location }>().location;
    expect(updated).toMatchObject({ ...spot, id: location.id, createdAt: location.createdAt });
    expect(updated.entries.map((entry) => entry.date)).toEqual([
      '2026-07-01',
      '2026-06-01',
      '2026-05-01',
    ]);
    const made = updated.entries[1];
    expect(made).toMatchObject({
      locationId: location.id,
      species: ['chanterelle', 'hedgehog'],
      abundance: 3,
      notes: 'under the birches',
      weather: 'rain yesterday',
      photos: [],
    });
    expect(made?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(updated.updatedAt > location.updatedAt).toBe(true);
    expect(updated.updatedAt).toBe(made?.createdAt);
    expect((await call('GET', `/locations/${location.id}`)).json()).toEqual(updated);
  });

  it('changes only the fields a PUT sends', async () => {
    const location = await newLocation();
    const created = (
      await postEntry(location.id, {
        date: '2026-08-10',
        species: ['cep'],
        abundance: 2,
        notes: 'first look',
      })
    ).json<{ location: Location }>().location;
    const [entry] = created.entries;
    if (!entry) throw new Error('no entry');
    await pause();

    const res = await call('PUT', `/locations/${location.id}/entries/${entry.id}`, {
      notes: 'went back: many more',
      abundance: 5,
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<{ location: Location }>().location;
    expect(updated.entries).toHaveLength(1);
    expect(updated.entries[0]).toEqual({
      ...entry,
      notes: 'went back: many more',
      abundance: 5,
      updatedAt: expect.any(String),
    });
    expect(String(updated.entries[0]?.updatedAt) > entry.updatedAt).toBe(true);
    expect(updated.updatedAt > created.updatedAt).toBe(true);

    const cleared = await call('PUT', `/locations/${location.id}/entries/${entry.id}`, {
      notes: null,
      date: '2026-08-11',
    });
    expect(cleared.json<{ location: Location }>().location.entries[0]).toMatchObject({
      date: '2026-08-11',
      species: ['cep'],
      abundance: 5,
    });
    expect(cleared.json<{ location: Location }>().location.entries[0]).not.toHaveProperty('notes');
  });

  it('deletes an entry and answers the location without it', async () => {
    const location = await newLocation();
    await postEntry(location.id, { date: '2026-09-01' });
    const two = (await postEntry(location.id, { date: '2026-09-02' })).json<{
      location: Location;
    }>().location;
    const [gone, kept] = two.entries;
    if (!gone || !kept) throw new Error('two entries expected');
    await pause();

    const res = await call('DELETE', `/locations/${location.id}/entries/${gone.id}`);
    expect(res.statusCode).toBe(200);
    const after = res.json<{ location: Location }>().location;
    expect(after.entries).toEqual([kept]);
    expect(after.updatedAt > two.updatedAt).toBe(true);
    expect(await entryRows(location.id)).toEqual([{ id: kept.id }]);
    const again = await call('DELETE', `/locations/${location.id}/entries/${gone.id}`);
    expect(again.statusCode).toBe(404);
  });

  // The answer is read inside the write's transaction (locationService.whole): it must be the
  // location exactly as a read after the commit finds it.
  it('answers each entry write with what GET /locations/:id then reads', async () => {
    const location = await newLocation();
    const read = async () => (await call('GET', `/locations/${location.id}`)).json<Location>();
    const answerOf = (res: Awaited<ReturnType<Call>>) =>
      res.json<{ location: Location }>().location;

    await postEntry(location.id, { date: '2026-09-01', notes: 'first' });
    const created = answerOf(await postEntry(location.id, { date: '2026-09-02', abundance: 2 }));
    expect(created.entries).toHaveLength(2);
    expect(created).toEqual(await read());

    const [newest] = created.entries;
    if (!newest) throw new Error('an entry expected');
    const entryUrl = `/locations/${location.id}/entries/${newest.id}`;
    const updated = answerOf(await call('PUT', entryUrl, { notes: 'moss' }));
    expect(updated.entries[0]?.notes).toBe('moss');
    expect(updated).toEqual(await read());

    const deleted = answerOf(await call('DELETE', entryUrl));
    expect(deleted.entries.map((entry) => entry.notes)).toEqual(['first']);
    expect(deleted).toEqual(await read());
  });

  it.each([
    [{ date: '2026-13-45' }, 'date'],
    [{ date: '15.08.2026' }, 'date'],
    [{}, 'date'],
    [{ date: '2026-08-15', abundance: 6 }, 'abundance'],
    [{ date: '2026-08-15', abundance: -1 }, 'abundance'],
    [{ date: '2026-08-15', abundance: 2.5 }, 'abundance'],
    [{ date: '2026-08-15', notes: 'n'.repeat(limits.longTextLength + 1) }, 'notes'],
    [{ date: '2026-08-15', species: ['  '] }, 'species.0'],
    [{ date: '2026-08-15', id: 'not-a-uuid' }, 'id'],
  ])('answers 400 naming the field for %j, and writes nothing', async (body, field) => {
    const location = await newLocation();
    const res = await postEntry(location.id, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res)).toEqual([field]);
    expect(await entryRows(location.id)).toEqual([]);
  });

  it('answers 400 naming the field for a bad PUT, and changes nothing', async () => {
    const location = await newLocation();
    const created = (await postEntry(location.id, { date: '2026-08-15', abundance: 1 })).json<{
      location: Location;
    }>().location;
    const entryId = created.entries[0]?.id ?? '';
    const url = `/locations/${location.id}/entries/${entryId}`;
    for (const [body, field] of [
      [{ date: '2026-02-30' }, 'date'],
      [{ abundance: 6 }, 'abundance'],
      [{ abundance: 2.5 }, 'abundance'],
      [{ notes: 'n'.repeat(limits.longTextLength + 1) }, 'notes'],
    ] as const) {
      const res = await call('PUT', url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    expect((await call('GET', `/locations/${location.id}`)).json()).toEqual(created);
  });

  it('answers 404 for an unknown location or entry', async () => {
    const location = await newLocation();
    const unknownLocation = randomUUID();
    const checks = [
      await postEntry(unknownLocation, { date: '2026-08-15' }),
      await call('PUT', `/locations/${unknownLocation}/entries/${randomUUID()}`, { notes: 'x' }),
      await call('DELETE', `/locations/${unknownLocation}/entries/${randomUUID()}`),
      await call('PUT', `/locations/${location.id}/entries/${randomUUID()}`, { notes: 'x' }),
      await call('DELETE', `/locations/${location.id}/entries/${randomUUID()}`),
    ];
    for (const res of checks) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
  });

  it('answers 404 for an entry addressed under another location of the same user', async () => {
    const home = await newLocation();
    const other = await newLocation();
    const created = (await postEntry(home.id, { date: '2026-08-15', notes: 'home' })).json<{
      location: Location;
    }>().location;
    const entryId = created.entries[0]?.id ?? '';
    const put = await call('PUT', `/locations/${other.id}/entries/${entryId}`, { notes: 'moved' });
    expect(put.statusCode).toBe(404);
    const del = await call('DELETE', `/locations/${other.id}/entries/${entryId}`);
    expect(del.statusCode).toBe(404);
    const post = await postEntry(other.id, { id: entryId, date: '2026-08-15' });
    expect(post.statusCode).toBe(409);
    expect((await call('GET', `/locations/${home.id}`)).json()).toEqual(created);
    expect((await call('GET', `/locations/${other.id}`)).json<Location>().entries).toEqual([]);
  });

  it("is idempotent when the client repeats a POST with the entry's id", async () => {
    const location = await newLocation();
    const id = randomUUID();
    const first = await postEntry(location.id, { id, date: '2026-08-15', notes: 'first' });
    await pause();
    const again = await postEntry(location.id, { id, date: '2026-08-16', notes: 'retried' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(first.json<{ location: Location }>().location.entries[0]).toMatchObject({
      id,
      notes: 'first',
    });
    expect(await entryRows(location.id)).toEqual([{ id }]);
  });

  describe('photo references', () => {
    it("answers 400 naming photos.0.filePath for a file that is not one of the user's photos", async () => {
      const location = await newLocation();
      const res = await postEntry(location.id, {
        date: '2026-08-15',
        photos: [{ filePath: `${user.id}/${randomUUID()}.webp` }],
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ 'photos.0.filePath': expect.any(String) });
      expect(await entryRows(location.id)).toEqual([]);
    });

    it('accepts an uploaded photo and names the bad one by its place in the list', async () => {
      const photo = await uploadedPhoto(t, user, await makeJpeg({ width: 8, height: 6 }));
      const location = await newLocation();

      const mixed = await postEntry(location.id, {
        date: '2026-08-15',
        photos: [photo, { filePath: 'someone-else/elsewhere.webp' }],
      });
      expect(mixed.statusCode).toBe(400);
      expect(fieldsOf(mixed)).toEqual(['photos.1.filePath']);

      const ok = await postEntry(location.id, { date: '2026-08-15', photos: [photo] });
      expect(ok.statusCode).toBe(201);
      const [entry] = ok.json<{ location: Location }>().location.entries;
      expect(entry?.photos).toEqual([
        { ...photo, url: expect.any(String), thumbnailUrl: expect.any(String) },
      ]);
    });
  });

  it('keeps every one of 50 entries posted at the same time to one location', async () => {
    const location = await newLocation();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postEntry(location.id, {
          date: `2026-07-${String((i % 28) + 1).padStart(2, '0')}`,
          notes: `find ${i}`,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(201));
    expect(await entryRows(location.id)).toHaveLength(50);
    const read = (await call('GET', `/locations/${location.id}`)).json<Location>();
    expect(new Set(read.entries.map((entry) => entry.notes)).size).toBe(50);
  });
});

describe.each(databaseKinds)('finds on an entry on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let call: Call;

  beforeAll(async () => {
    user = await t.signUp();
    call = apiClient(t.app, user.auth);
  });

  const entryOf = (res: { json: <T>() => T }, id: string) =>
    res.json<{ location: Location }>().location.entries.find((entry) => entry.id === id);
  const create = async (body: object) => {
    const location = await seedLocation(t, user, spot);
    const id = randomUUID();
    const res = await call('POST', `/locations/${location.id}/entries`, {
      date: '2026-09-01',
      id,
      ...body,
    });
    return { res, location, id, url: `/locations/${location.id}/entries/${id}` };
  };

  it('answers finds always; writing finds sets species', async () => {
    const { res, location, id } = await create({
      finds: [
        { species: 'Cep', quantity: 1.234, unit: 'kg' },
        { species: 'Girolle', quantity: 40 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const entry = entryOf(res, id);
    expect(entry).toMatchObject({
      species: ['Cep', 'Girolle'],
      finds: [
        { species: 'Cep', quantity: 1.234, unit: 'kg' },
        { species: 'Girolle', quantity: 40, unit: null },
      ],
    });
    expect(entry).not.toHaveProperty('nothingFound');
    const read = (await call('GET', `/locations/${location.id}`)).json<Location>();
    expect(read.entries[0]).toEqual(entry);
    const { res: plain, id: plainId } = await create({});
    expect(entryOf(plain, plainId)).toMatchObject({ finds: [], species: [] });
  });

  it('writing species alone makes finds without a quantity, keeping those still listed', async () => {
    const { res, id, url } = await create({ species: ['Cep', 'CÈP', 'Morel'] });
    // Species that fold alike are one find: the first spelling stays.
    expect(entryOf(res, id)?.finds).toEqual([
      { species: 'Cep', quantity: null, unit: null },
      { species: 'Morel', quantity: null, unit: null },
    ]);
    await call('PUT', url, {
      finds: [
        { species: 'Cep', quantity: 2, unit: 'count' },
        { species: 'Morel', quantity: 0.5, unit: 'l' },
      ],
    });
    const updated = await call('PUT', url, { species: ['CEP', 'Hedgehog'] });
    expect(updated.statusCode).toBe(200);
    expect(entryOf(updated, id)).toMatchObject({
      species: ['CEP', 'Hedgehog'],
      finds: [
        { species: 'CEP', quantity: 2, unit: 'count' },
        { species: 'Hedgehog', quantity: null, unit: null },
      ],
    });
    // A write of other fields keeps them.
    const notes = await call('PUT', url, { notes: 'rain' });
    expect(entryOf(notes, id)?.finds).toHaveLength(2);
  });

  it('a visit that found nothing: nothingFound true, no finds; a find makes it a finding visit', async () => {
    const { res, id, url } = await create({ nothingFound: true });
    expect(entryOf(res, id)).toMatchObject({ nothingFound: true, finds: [], species: [] });
    const found = await call('PUT', url, { finds: [{ species: 'Cep' }] });
    expect(entryOf(found, id)).not.toHaveProperty('nothingFound');
    const nothing = await call('PUT', url, { nothingFound: true });
    expect(entryOf(nothing, id)).toMatchObject({ nothingFound: true, finds: [] });
    const sync = await syncOf(t, user);
    const synced = sync.locations.flatMap((l) => l.entries).find((e) => e.id === id);
    expect(synced).toMatchObject({ nothingFound: true, finds: [] });
  });

  it.each([
    [
      'nothingFound with finds',
      { nothingFound: true, finds: [{ species: 'Cep' }] },
      'nothingFound',
    ],
    ['nothingFound with species', { nothingFound: true, species: ['Cep'] }, 'nothingFound'],
    [
      'species that are not the finds',
      { species: ['Morel'], finds: [{ species: 'Cep' }] },
      'species',
    ],
    ['two finds of one species', { finds: [{ species: 'Cep' }, { species: 'cèp' }] }, 'finds'],
    ['four decimals', { finds: [{ species: 'Cep', quantity: 1.2345 }] }, 'finds.0.quantity'],
    ['a negative quantity', { finds: [{ species: 'Cep', quantity: -1 }] }, 'finds.0.quantity'],
    ['an unknown unit', { finds: [{ species: 'Cep', unit: 'lb' }] }, 'finds.0.unit'],
  ])('400 naming the field: %s', async (_what, body, field) => {
    const { res } = await create(body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
    const { url } = await create({});
    const put = await call('PUT', url, body);
    expect(put.statusCode).toBe(400);
    expect(fieldsOf(put)).toEqual([field]);
  });

  it("another user's entry is not theirs to write finds on", async () => {
    const { url } = await create({ finds: [{ species: 'Cep', quantity: 1 }] });
    const other = apiClient(t.app, (await t.signUp()).auth);
    expect((await other('PUT', url, { finds: [] })).statusCode).toBe(404);
  });
});

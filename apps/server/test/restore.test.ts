import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ImportPreview, ImportResult } from '@fj/contract/import';
import type { Location } from '@fj/contract/locations';
import type { Preferences } from '@fj/contract/preferences';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { multipartBody } from './helpers/multipart.ts';
import { seedEntry, seedLocation, seedPhoto } from './helpers/seed.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { sha256, unzip, zipOf } from './helpers/zip-files.ts';

interface Manifest {
  format: string;
  version: number;
  files: Record<string, { sha256: string; bytes: number }>;
}

/** The backup with its files changed by `edit`, and the manifest's checksums made to match. */
async function rebuilt(
  backup: Buffer,
  edit: (files: [string, Buffer][]) => [string, Buffer][],
  { resum = true } = {},
): Promise<Buffer> {
  const files = edit(await unzip(backup));
  if (!resum) return zipOf(files);
  const manifestAt = files.findIndex(([name]) => name === 'manifest.json');
  const manifest = JSON.parse(String(files[manifestAt]?.[1])) as Manifest;
  manifest.files = Object.fromEntries(
    files
      .filter(([name]) => name !== 'manifest.json')
      .map(([name, bytes]) => [name, { sha256: sha256(bytes), bytes: bytes.length }]),
  );
  files[manifestAt] = ['manifest.json', Buffer.from(JSON.stringify(manifest))];
  return zipOf(files);
}

/** Text of four letters at random: two bits of chance a byte, so it deflates about 4 times. */
function fourLetters(length: number): Buffer {
  const bytes = randomBytes(length);
  for (let i = 0; i < length; i += 1) bytes[i] = 97 + ((bytes[i] ?? 0) & 3);
  return bytes;
}

const backupOf = async (t: TestApp, who: TestUser, url = '/api/v1/backup') => {
  const res = await t.app.inject({ method: 'GET', url, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const send = (t: TestApp, who: TestUser, zip: Buffer, url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.auth, 'content-type': 'application/zip' },
    payload: zip,
  });

const restore = (t: TestApp, who: TestUser, zip: Buffer) => send(t, who, zip, '/api/v1/import');

async function locationsOf(t: TestApp, who: TestUser): Promise<Location[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Location[] }>().data.sort((a, b) => a.name.localeCompare(b.name));
}

async function preferencesOf(t: TestApp, who: TestUser): Promise<Preferences> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/preferences', headers: who.auth });
  return res.json<{ data: Preferences }>().data;
}

async function stored(t: TestApp, key: string): Promise<Buffer | null> {
  const body = await t.app.photoStorage.get(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The journal as a restore must keep it, without what depends on the account (URLs, keys). */
function comparable(locations: Location[], { ids }: { ids: boolean }) {
  return locations.map(({ id, entries, ...location }) => ({
    ...location,
    ...(ids ? { id } : {}),
    entries: entries.map(({ id: entryId, locationId, photos, ...entry }) => ({
      ...entry,
      ...(ids ? { id: entryId, locationId } : {}),
      // A restored photo is re-encoded as an upload is: its size in bytes is its own.
      photos: photos.map(
        ({
          url: _url,
          thumbnailUrl: _thumb,
          size: _size,
          filePath,
          thumbnailFilePath,
          ...photo
        }) => ({
          ...photo,
          ...(ids
            ? { file: path.basename(filePath), thumbnail: path.basename(thumbnailFilePath) }
            : {}),
        }),
      ),
    })),
  }));
}

/** Files the local storage holds for this user. */
function userFiles(t: TestApp, who: TestUser): string[] {
  if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
  const dir = path.join(t.config.storage.dir, who.id);
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function seedJournal(t: TestApp, user: TestUser): Promise<void> {
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: user.auth, payload });
  // `__proto__` and `constructor` are names like any other: a restore keeps them as keys.
  expect(
    (
      await put('/preferences/categories', {
        categories: ['Boletes', 'Odd "one", <&>', '__proto__', 'constructor'],
      })
    ).statusCode,
  ).toBe(200);
  expect((await put('/preferences/species/__proto__', { species: ['wood ear'] })).statusCode).toBe(
    200,
  );
  expect((await put('/preferences/terrain', { terrainTypes: ['Bog'] })).statusCode).toBe(200);
  const photos = [await seedPhoto(t, user), await seedPhoto(t, user, { width: 200, height: 300 })];
  const patched = await seedLocation(t, user, {
    name: 'Chanterelle "dell", <&> 🍄',
    description: 'line one\nline two',
    favorite: true,
    area: {
      type: 'Polygon',
      coordinates: [
        [
          [18.06, 59.33],
          [18.07, 59.33],
          [18.07, 59.34],
          [18.06, 59.33],
        ],
      ],
    },
  });
  await seedEntry(t, user, patched.id, {
    date: '2026-08-02',
    notes: 'two photos, "quoted"',
    species: ['Cantharellus cibarius'],
    abundance: 4,
    photos: photos.map((p) => ({ filePath: p.filePath })),
  });
  await seedEntry(t, user, patched.id, { date: '2026-08-09', weather: 'rain' });
  await seedLocation(t, user, { name: 'Empty corner', position: { lat: 60.1, lng: 17.2 } });
}

describe.each(databaseKinds)('restore of an account backup on $name', (kind) => {
  const t = useTestApp(kind);
  /** Another server: the backup moves there with every id. */
  const other = useTestApp(kind);
  let owner: TestUser;
  let backup: Buffer;

  beforeAll(async () => {
    owner = await t.signUp();
    await seedJournal(t, owner);
    backup = await backupOf(t, owner);
  });

  it('GET /export?format=backup is the same ZIP as GET /backup', async () => {
    const alias = await unzip(await backupOf(t, owner, '/api/v1/export?format=backup'));
    const direct = await unzip(backup);
    const data = (files: [string, Buffer][]) =>
      files.filter(([name]) => name !== 'manifest.json').map(([n, b]) => [n, sha256(b)]);
    expect(data(alias)).toEqual(data(direct));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/export?format=backup&ids=${(await locationsOf(t, owner))[0]?.id ?? ''}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { ids: expect.any(String) } } });
  });

  it('into an empty account on another server: every id, date, patch, preference and photo', async () => {
    const fresh = await other.signUp();
    const preview = await send(other, fresh, backup, '/api/v1/import/preview');
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ImportPreview>()).toEqual({
      create: { spots: 2, entries: 2 },
      duplicates: 0,
      problems: [],
      restore: {
        backup: { spots: 2, entries: 2, photos: 2 },
        added: { spots: 2, entries: 2, photos: 2 },
        skipped: { spots: 0, entries: 0, photos: 0 },
        newIds: 0,
        preferences: true,
      },
    });
    expect(await locationsOf(other, fresh)).toEqual([]);
    expect(userFiles(other, fresh)).toEqual([]);

    const res = await restore(other, fresh, backup);
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toMatchObject({ created: { spots: 2, entries: 2 } });

    const before = await locationsOf(t, owner);
    const after = await locationsOf(other, fresh);
    expect(comparable(after, { ids: true })).toEqual(comparable(before, { ids: true }));
    const photosBefore = before.flatMap((l) => l.entries.flatMap((e) => e.photos));
    const photosAfter = after.flatMap((l) => l.entries.flatMap((e) => e.photos));
    expect(photosAfter).toHaveLength(2);
    for (const [i, photo] of photosAfter.entries()) {
      const original = photosBefore[i];
      if (!original) throw new Error('a photo too many');
      expect(photo.filePath.startsWith(`${fresh.id}/`)).toBe(true);
      // Decoded and re-encoded as an upload: a WebP of the same picture, and a new thumbnail.
      const displayBytes = await stored(other, photo.filePath);
      const thumbnailBytes = await stored(other, photo.thumbnailFilePath);
      if (!displayBytes || !thumbnailBytes) throw new Error('a photo file is missing');
      const display = await sharp(displayBytes).metadata();
      expect(display).toMatchObject({ format: 'webp', width: original.width });
      expect(photo.size).toBe(displayBytes.length);
      const thumbnail = await sharp(thumbnailBytes).metadata();
      expect(thumbnail.format).toBe('webp');
    }
    const prefs = await preferencesOf(other, fresh);
    const mine = await preferencesOf(t, owner);
    expect(prefs).toMatchObject({
      id: fresh.id,
      customSpeciesCategories: mine.customSpeciesCategories,
      customSpecies: mine.customSpecies,
      customTerrainTypes: ['Bog'],
      customTreeTypes: mine.customTreeTypes,
    });
    expect(Object.entries(prefs.customSpecies)).toEqual([
      ['Boletes', []],
      ['Odd "one", <&>', []],
      ['__proto__', ['wood ear']],
      ['constructor', []],
    ]);
  });

  it('on the same server, ids another account has get new ones and its data is untouched; the rest is equal', async () => {
    const fresh = await t.signUp();
    const res = await restore(t, fresh, backup);
    expect(res.statusCode).toBe(200);
    // Every id is the owner's, and each is given a new one; the answer does not say so
    // (it would tell which ids another account has: restore-limits.test.ts).
    expect(res.json<ImportResult>().restore).toMatchObject({ newIds: 0 });
    const mine = await locationsOf(t, owner);
    const theirs = await locationsOf(t, fresh);
    expect(comparable(theirs, { ids: false })).toEqual(comparable(mine, { ids: false }));
    expect(theirs.map((l) => l.id).filter((id) => mine.some((m) => m.id === id))).toEqual([]);
    expect(
      await backupOf(t, owner)
        .then(unzip)
        .then((f) => f.length),
    ).toBe(6);
  });

  it('merges into an account with data: ids it has are skipped, the rest added once', async () => {
    const fresh = await other.signUp();
    await seedLocation(other, fresh, { name: 'Already mine' });
    const put = (url: string, payload: object) =>
      other.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: fresh.auth, payload });
    await put('/preferences/categories', { categories: ['herbs', 'constructor'] });
    await put('/preferences/species/constructor', { species: ['jelly ear'] });
    expect((await restore(other, fresh, backup)).statusCode).toBe(200);
    // Restoring the account's own backup again adds nothing.
    const own = await backupOf(other, fresh);
    const again = await restore(other, fresh, own);
    expect(again.statusCode).toBe(200);
    expect(again.json<ImportResult>()).toMatchObject({
      created: { spots: 0, entries: 0 },
      duplicates: 3,
      restore: { skipped: { spots: 3, entries: 2, photos: 2 }, added: { photos: 0 } },
    });
    const names = (await locationsOf(other, fresh)).map((l) => l.name);
    expect(names).toEqual(['Already mine', 'Chanterelle "dell", <&> 🍄', 'Empty corner']);
    // The account's labels first, the backup's added: `__proto__`, new here, becomes a key.
    expect(Object.entries((await preferencesOf(other, fresh)).customSpecies)).toEqual([
      ['herbs', ['mint', 'thyme', 'rosemary']],
      ['constructor', ['jelly ear']],
      ['Boletes', []],
      ['Odd "one", <&>', []],
      ['__proto__', ['wood ear']],
    ]);
  });

  it('reads a multipart upload too; POST /import?preview=true writes nothing', async () => {
    const fresh = await other.signUp();
    const body = multipartBody([
      {
        name: 'file',
        filename: 'foraging-journal-backup.zip',
        contentType: 'application/zip',
        data: backup,
      },
    ]);
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/v1/import?preview=true',
      headers: { ...fresh.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportPreview>().restore?.backup).toEqual({ spots: 2, entries: 2, photos: 2 });
    expect(await locationsOf(other, fresh)).toEqual([]);
    expect(userFiles(other, fresh)).toEqual([]);
  });
});

describe.each(databaseKinds)('hostile backups on $name', (kind) => {
  const t = useTestApp(kind, { env: { RESTORE_MAX_MB: '1', RESTORE_MAX_FILES: '12' } });
  let owner: TestUser;
  let backup: Buffer;
  let victim: TestUser;

  beforeAll(async () => {
    owner = await t.signUp();
    await seedJournal(t, owner);
    backup = await backupOf(t, owner);
    victim = await t.signUp();
  });

  const photoName = (files: [string, Buffer][]) =>
    files.find(([name]) => name.startsWith('photos/'))?.[0] ?? '';

  /** Same-length renames, written into the ZIP's bytes (yazl refuses to write such names). */
  function renamed(zip: Buffer, from: string, to: string): Buffer {
    expect(to.length).toBe(from.length);
    const out = Buffer.from(zip);
    const needle = Buffer.from(from);
    for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1))
      Buffer.from(to).copy(out, at);
    return out;
  }

  const cases: [string, () => Promise<Buffer>, RegExp][] = [
    [
      'a path that climbs out of its folder',
      async () => {
        const name = photoName(await unzip(backup));
        return renamed(backup, name, `../${name.slice(3)}`);
      },
      /invalid relative path|unexpected file/,
    ],
    [
      'an absolute path',
      async () => {
        const name = photoName(await unzip(backup));
        return renamed(backup, name, `/${name.slice(1)}`);
      },
      /absolute path|unexpected file/,
    ],
    [
      'a backslash path',
      async () => {
        const name = photoName(await unzip(backup));
        return renamed(backup, name, `photos\\${name.slice(7)}`);
      },
      /invalid characters|unexpected file/,
    ],
    [
      'too many files',
      () =>
        rebuilt(backup, (files) => [
          ...files.slice(0, -1),
          ...Array.from({ length: 12 }, (_, i): [string, Buffer] => [
            `photos/x/p${i}.webp`,
            Buffer.from('x'),
          ]),
          ...files.slice(-1),
        ]),
      /lists 18 files; at most 12/,
    ],
    [
      'files inflating past twice RESTORE_MAX_MB in all',
      () =>
        rebuilt(backup, (files) =>
          files.map(([name, bytes]): [string, Buffer] =>
            name === 'data/journal.json' ? [name, fourLetters(3 * 1024 * 1024)] : [name, bytes],
          ),
        ),
      /inflates past 2 MB/,
    ],
    [
      'a zip bomb (a journal inflating 1,000 times)',
      () =>
        rebuilt(backup, (files) =>
          files.map(([name, bytes]): [string, Buffer] =>
            name === 'data/journal.json'
              ? [name, Buffer.alloc(3 * 1024 * 1024, 32)]
              : [name, bytes],
          ),
        ),
      /data\/journal\.json inflates more than 100 times/,
    ],
    [
      'a photo whose bytes do not match its checksum',
      () =>
        rebuilt(
          backup,
          (files) =>
            files.map(([name, bytes]): [string, Buffer] => {
              if (!name.startsWith('photos/')) return [name, bytes];
              const changed = Buffer.from(bytes);
              changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
              return [name, changed];
            }),
          { resum: false },
        ),
      /photos\/.+\.webp: its SHA-256 does not match the manifest's/,
    ],
    [
      'no manifest',
      () =>
        rebuilt(backup, (files) => files.filter(([n]) => n !== 'manifest.json'), { resum: false }),
      /no manifest\.json/,
    ],
    [
      'a format version this server does not read',
      () =>
        rebuilt(
          backup,
          (files) =>
            files.map(([name, bytes]): [string, Buffer] => {
              if (name !== 'manifest.json') return [name, bytes];
              const manifest = JSON.parse(bytes.toString()) as Manifest;
              return [name, Buffer.from(JSON.stringify({ ...manifest, version: 2 }))];
            }),
          { resum: false },
        ),
      /format version is 2; this server reads version 1/,
    ],
  ];

  it('a backup past RESTORE_MAX_MB: 413, raw or multipart, nothing written', async () => {
    const big = await rebuilt(backup, (files) => [
      ...files.slice(0, -1),
      ['photos/x/big.webp', randomBytes(1024 * 1024 + 1)],
      ...files.slice(-1),
    ]);
    expect((await restore(t, victim, big)).statusCode).toBe(413);
    const body = multipartBody([{ name: 'file', filename: 'b.zip', data: big }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import',
      headers: { ...victim.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(await locationsOf(t, victim)).toEqual([]);
    expect(userFiles(t, victim)).toEqual([]);
  });

  it.each(cases)('%s: 400, nothing written', async (_name, make, message) => {
    const zip = await make();
    for (const url of ['/api/v1/import/preview', '/api/v1/import']) {
      const res = await send(t, victim, zip, url);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
    }
    expect(await locationsOf(t, victim)).toEqual([]);
    expect(userFiles(t, victim)).toEqual([]);
  });
});

describe.each(databaseKinds)('a restore past a quota on $name', (kind) => {
  const t = useTestApp(kind, { env: { QUOTA_LOCATIONS_PER_USER: '3' } });

  it('403, and none of its rows or photos is written', async () => {
    const owner = await t.signUp();
    await seedJournal(t, owner);
    const backup = await backupOf(t, owner);
    const victim = await t.signUp();
    await seedLocation(t, victim, { name: 'One' });
    await seedLocation(t, victim, { name: 'Two' });
    const res = await restore(t, victim, backup);
    expect(res.statusCode).toBe(403);
    expect((await locationsOf(t, victim)).map((l) => l.name)).toEqual(['One', 'Two']);
    expect(userFiles(t, victim)).toEqual([]);
  });
});

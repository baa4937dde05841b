import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Location } from '@fj/contract/locations';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { processImage } from '../src/modules/photos/image.ts';
import { errorOf } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { photoDir, photoRows, storedPhotoFiles, uploadPhoto } from './helpers/photos.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const maxLocations = 3;
const maxEntries = 3;
/** Concurrent creates fired at a quota with one place left: exactly one may get it. */
const racers = 20;

const spot = (name: string, id?: string) => ({
  ...(id ? { id } : {}),
  name,
  position: { lat: 59.3, lng: 18.1 },
});

function statusCounts(answers: readonly LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

function firstRefusal(answers: readonly LightMyRequestResponse[]): LightMyRequestResponse {
  const refused = answers.find((res) => res.statusCode === 403);
  if (!refused) throw new Error('no answer was refused');
  return refused;
}

function expectQuotaAnswer(res: LightMyRequestResponse, mentions: string) {
  expect(res.statusCode).toBe(403);
  const error = errorOf(res);
  expect(error.code).toBe('QUOTA_EXCEEDED');
  expect(error.message).toContain(mentions);
}

describe('quota settings', () => {
  const base = { DATA_DIR: '/tmp/fj-quota-config', AUTH_SECRET: 'q'.repeat(32) };

  it('default to 20000 locations, 10000 entries per location, 5 GB of photos and 50 MB of journal text', () => {
    expect(loadConfig(base).quotas).toEqual({
      locationsPerUser: 20_000,
      entriesPerLocation: 10_000,
      photoBytesPerUser: 5_000_000_000,
      journalBytesPerUser: 50_000_000,
    });
  });

  it('refuse a value that is not a positive whole number, naming the variable', () => {
    const load = () =>
      loadConfig({
        ...base,
        QUOTA_ENTRIES_PER_LOCATION: '0',
        QUOTA_PHOTO_BYTES_PER_USER: '1.5',
        QUOTA_JOURNAL_BYTES_PER_USER: '50MB',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /QUOTA_ENTRIES_PER_LOCATION[\s\S]*QUOTA_PHOTO_BYTES_PER_USER[\s\S]*QUOTA_JOURNAL_BYTES_PER_USER/,
    );
  });
});

describe.each(databaseKinds)('quotas on $name', (kind) => {
  /** A 300×200 JPEG and the bytes its display image and thumbnail take once stored. */
  let jpeg: Buffer;
  let storedBytesPerPhoto: number;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    jpeg = await makeJpeg({ width: 300, height: 200 });
    const processed = await processImage(jpeg, 1_000_000);
    storedBytesPerPhoto = processed.display.data.length + processed.thumbnail.data.length;
  });
  // Built after the measurement above, which the photo quota is set from.
  const t = useTestApp(kind, () => ({
    env: {
      QUOTA_LOCATIONS_PER_USER: String(maxLocations),
      QUOTA_ENTRIES_PER_LOCATION: String(maxEntries),
      // Room for two such photos, not three.
      QUOTA_PHOTO_BYTES_PER_USER: String(Math.floor(storedBytesPerPhoto * 2.5)),
    },
  }));
  beforeAll(async () => {
    user = await t.signUp();
    other = await t.signUp();
  });

  const call = (method: 'POST' | 'DELETE', url: string, payload?: object, who = user) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.auth,
      ...(payload ? { payload } : {}),
    });
  /**
   * On PostgreSQL, holds every insert into `table` while the racers start, then lets them go:
   * without the per-user lock each racer would have counted before any of them inserted, and
   * all would find room. On SQLite the one connection makes transactions take turns anyway.
   */
  async function racing<T>(table: 'locations' | 'entries' | 'photos', start: () => Promise<T>) {
    if (t.config.database.kind !== 'postgres') return start();
    const holder = new pg.Client({ connectionString: t.config.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table ${table} in share row exclusive mode`);
      const answers = start();
      const blocked = async () =>
        Number(
          (
            await holder.query<{ n: string }>(
              'select count(*) as n from pg_locks where relation = $1::regclass and not granted',
              [table],
            )
          ).rows[0]?.n,
        );
      while ((await blocked()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // Let the other racers reach the insert (or the user's lock) too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('commit');
      return await answers;
    } finally {
      await holder.end();
    }
  }
  const countRows = async (table: 'locations' | 'entries', userId: string) =>
    (await t.app.db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;

  it('holds the location quota against 20 concurrent creates, and a retry of a made id still succeeds', async () => {
    const firstId = randomUUID();
    expect((await call('POST', '/locations', spot('First', firstId))).statusCode).toBe(201);
    expect((await call('POST', '/locations', spot('Second'))).statusCode).toBe(201);

    const answers = await racing('locations', () =>
      Promise.all(
        Array.from({ length: racers }, (_, i) => call('POST', '/locations', spot(`Racer ${i}`))),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 201: 1, 403: racers - 1 });
    expectQuotaAnswer(firstRefusal(answers), '3 locations');
    expect(await countRows('locations', user.id)).toBe(maxLocations);

    // At the limit, an idempotent re-POST of an existing id answers the location it made.
    const retry = await call('POST', '/locations', spot('First', firstId));
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Location>().id).toBe(firstId);
    expectQuotaAnswer(await call('POST', '/locations', spot('One more')), 'locations');
    expect(await countRows('locations', user.id)).toBe(maxLocations);

    // The quota is per user, and deleting a location frees its place.
    expect((await call('POST', '/locations', spot('Theirs'), other)).statusCode).toBe(201);
    expect((await call('DELETE', `/locations/${firstId}`)).statusCode).toBe(204);
    expect((await call('POST', '/locations', spot('Back in'))).statusCode).toBe(201);
  });

  it('holds the entries-per-location quota against 20 concurrent creates, writing nothing past it', async () => {
    const location = (await call('POST', '/locations', spot('Entries'), other)).json<Location>();
    const entries = `/locations/${location.id}/entries`;
    const firstId = randomUUID();
    const first = await call('POST', entries, { id: firstId, date: '2026-09-01' }, other);
    expect(first.statusCode).toBe(201);
    expect((await call('POST', entries, { date: '2026-09-02' }, other)).statusCode).toBe(201);

    const answers = await racing('entries', () =>
      Promise.all(
        Array.from({ length: racers }, () => call('POST', entries, { date: '2026-09-03' }, other)),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 201: 1, 403: racers - 1 });
    expectQuotaAnswer(firstRefusal(answers), '3 entries');
    expect(await countRows('entries', other.id)).toBe(maxEntries);

    const retry = await call('POST', entries, { id: firstId, date: '2026-09-01' }, other);
    expect(retry.statusCode).toBe(201);

    // A refused entry leaves its photo unattached and the location's update time as it was.
    const photo = await uploadPhoto(t, other, jpeg);
    expect(photo.statusCode).toBe(201);
    const filePath = photo.json<{ filePath: string }>().filePath;
    const before = await t.app.db
      .selectFrom('locations')
      .select('updated_at')
      .where('id', '=', location.id)
      .executeTakeFirstOrThrow();
    const refused = await call(
      'POST',
      entries,
      { date: '2026-09-04', photos: [{ filePath }] },
      other,
    );
    expectQuotaAnswer(refused, 'entries');
    const [row] = (await photoRows(t, other.id)).filter((p) => p.file_path === filePath);
    expect(row?.entry_id).toBeNull();
    const after = await t.app.db
      .selectFrom('locations')
      .select('updated_at')
      .where('id', '=', location.id)
      .executeTakeFirstOrThrow();
    expect(after.updated_at).toBe(before.updated_at);

    // Another location of the same user still takes entries.
    const next = (await call('POST', '/locations', spot('Next'), other)).json<Location>();
    const fresh = await call(
      'POST',
      `/locations/${next.id}/entries`,
      { date: '2026-09-05' },
      other,
    );
    expect(fresh.statusCode).toBe(201);
  });

  it('holds the photo storage quota (display + thumbnail bytes) against concurrent uploads, leaving no file behind', async () => {
    const owner = await t.signUp();
    const answers = await racing('photos', () =>
      Promise.all(Array.from({ length: 6 }, () => uploadPhoto(t, owner, jpeg))),
    );
    expect(statusCounts(answers)).toEqual({ 201: 2, 403: 4 });
    expectQuotaAnswer(firstRefusal(answers), 'storage');

    const rows = await photoRows(t, owner.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const onDisk = [row.file_path, row.thumbnail_file_path]
        .map((key) => statSync(path.join(photoDir(t), key)).size)
        .reduce((a, b) => a + b, 0);
      expect(Number(row.stored_bytes)).toBe(onDisk);
      expect(Number(row.stored_bytes)).toBe(storedBytesPerPhoto);
    }
    // Only the two accepted photos' files exist: refused uploads removed theirs.
    const files = storedPhotoFiles(t).filter((file) => file.startsWith(`${owner.id}/`));
    expect(files.sort()).toEqual(rows.flatMap((r) => [r.file_path, r.thumbnail_file_path]).sort());

    // Another account has its own storage.
    expect((await uploadPhoto(t, await t.signUp(), jpeg)).statusCode).toBe(201);
  });
});

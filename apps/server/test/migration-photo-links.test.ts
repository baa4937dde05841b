import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import { groupCommit } from '../src/db/group-commit.ts';
import { createJournalQuota } from '../src/journal-quota/service.ts';
import { createLocationService } from '../src/modules/locations/service.ts';
import { photosRepository } from '../src/modules/photos/repository.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { createUrlSigner } from '../src/storage/url-signer.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { ownTables } from './helpers/own-tables.ts';

/** The journal's tables as 0004 left them: an entry listed its photos in photo_paths. */
interface OldSchema {
  user: { id: string; name: string; email: string; emailVerified: number | boolean };
  locations: {
    id: string;
    user_id: string;
    name: string;
    lat: number;
    lng: number;
    details: string;
    created_at: string;
    updated_at: string;
  };
  entries: {
    id: string;
    location_id: string;
    user_id: string;
    date: string;
    details: string;
    photo_paths: string;
    created_at: string;
    updated_at: string;
  };
  photos: {
    id: string;
    user_id: string;
    file_path: string;
    thumbnail_file_path: string;
    entry_id: string | null;
    name: string;
    size: number;
    width: number;
    height: number;
    uploaded_at: string;
    stored_bytes: number;
  };
}

const lastOldMigration = '0004-photo-stored-bytes';
const stamp = '2026-05-01T10:00:00.000Z';
const alice = 'user-alice';
const bob = 'user-bob';

/** A photo row as the old upload wrote it. */
function photo(id: string, userId: string, entryId: string | null) {
  return {
    id,
    user_id: userId,
    file_path: `${userId}/${id}.webp`,
    thumbnail_file_path: `${userId}/${id}-thumb.webp`,
    entry_id: entryId,
    name: `${id}.jpg`,
    size: 1000,
    width: 40,
    height: 30,
    uploaded_at: stamp,
    stored_bytes: 1200,
  };
}

const pathOf = (id: string, userId = alice) => `${userId}/${id}.webp`;

function entry(id: string, locationId: string, photoPaths: string[]) {
  return {
    id,
    location_id: locationId,
    user_id: alice,
    date: '2026-05-01',
    details: '{}',
    photo_paths: JSON.stringify(photoPaths),
    created_at: stamp,
    updated_at: stamp,
  };
}

/** Writes, through the 0004 schema, every shape of photo data the old code could leave. */
async function writeOldData(db: Kysely<OldSchema>, dialect: string): Promise<void> {
  const verified = dialect === 'postgres' ? true : 1;
  await db
    .insertInto('user')
    .values([
      { id: alice, name: 'alice', email: 'alice@example.com', emailVerified: verified },
      { id: bob, name: 'bob', email: 'bob@example.com', emailVerified: verified },
    ])
    .execute();
  const location = (id: string) => ({
    id,
    user_id: alice,
    name: id,
    lat: 60,
    lng: 15,
    details: '{}',
    created_at: stamp,
    updated_at: stamp,
  });
  await db
    .insertInto('locations')
    .values([location('bog'), location('wood')])
    .execute();
  await db
    .insertInto('entries')
    .values([
      // Listed out of id order, with a path that has no photo row and one of another user's.
      entry('many', 'bog', [
        pathOf('p3'),
        pathOf('p1'),
        pathOf('no-row'),
        pathOf('b1', bob),
        pathOf('p2'),
      ]),
      entry('one', 'wood', [pathOf('p4')]),
      entry('none', 'bog', []),
    ])
    .execute();
  await db
    .insertInto('photos')
    .values([
      photo('p1', alice, 'many'),
      photo('p2', alice, 'many'),
      photo('p3', alice, 'many'),
      photo('p4', alice, 'one'),
      // Its entry is gone; the old schema had no foreign key to stop that.
      photo('orphan', alice, 'deleted-entry'),
      // Held by an entry that never listed it (a retried create attached it).
      photo('unlisted', alice, 'many'),
      photo('fresh', alice, null),
      photo('b1', bob, null),
    ])
    .execute();
}

describe.each(databaseKinds)('migration 0005 (photos belong to entries) on $name', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    database = await kind.create();
    dataDir = mkdtempSync(path.join(tmpdir(), 'fj-migration-'));
    handle = await connectDatabase(
      database.url
        ? { kind: 'postgres', url: database.url }
        : { kind: 'sqlite', file: path.join(dataDir, 'journal.db') },
    );
    await migrateTo(handle.db as Kysely<unknown>, handle.dialect, lastOldMigration);
    await writeOldData(handle.db as unknown as Kysely<OldSchema>, handle.dialect);
  });

  afterEach(async () => {
    await handle.db.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const photoLinks = async () =>
    (
      await handle.db
        .selectFrom('photos')
        .select(['id', 'entry_id', 'position'])
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, position: row.position === null ? null : Number(row.position) }));

  it('keeps every photo and its order, and leaves unlisted photos for the sweeper', async () => {
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);

    expect(await photoLinks()).toEqual([
      { id: 'b1', entry_id: null, position: null },
      { id: 'fresh', entry_id: null, position: null },
      { id: 'orphan', entry_id: null, position: null },
      { id: 'p1', entry_id: 'many', position: 1 },
      { id: 'p2', entry_id: 'many', position: 2 },
      { id: 'p3', entry_id: 'many', position: 0 },
      { id: 'p4', entry_id: 'one', position: 0 },
      { id: 'unlisted', entry_id: null, position: null },
    ]);
    const columns = async (table: string) =>
      (await ownTables(handle))
        .find((found) => found.name === table)
        ?.columns.map((column) => column.name);
    expect(await columns('entries')).not.toContain('photo_paths');
    expect(await columns('photos')).toContain('position');

    // The API's answer: each entry's photos in the order photo_paths listed them.
    const locations = createLocationService({
      db: handle.db,
      dialect: handle.dialect,
      writes: groupCommit(handle.db, handle.dialect),
      storage: createLocalStorage(path.join(dataDir, 'photos')),
      signer: createUrlSigner('test-secret-that-is-long-enough-0123456789'),
      maxLocationsPerUser: 10,
      journal: createJournalQuota({ dialect: handle.dialect, maxBytesPerUser: 1_000_000 }),
    });
    const bog = await locations.read(alice, 'bog');
    expect(bog.entries.map((found) => [found.id, found.photos.map((p) => p.filePath)])).toEqual([
      ['many', [pathOf('p3'), pathOf('p1'), pathOf('p2')]],
      ['none', []],
    ]);
    expect((await locations.read(alice, 'wood')).entries[0]?.photos.map((p) => p.name)).toEqual([
      'p4.jpg',
    ]);

    // What the sweeper takes once their day is up: every photo no entry lists.
    const swept = await photosRepository.deleteUnattachedSince(handle.db, new Date().toISOString());
    expect(swept.map((row) => row.id).sort()).toEqual(['b1', 'fresh', 'orphan', 'unlisted']);
  });

  it('makes entry_id a foreign key that cascades from entries, locations and users', async () => {
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    if (handle.dialect === 'sqlite') {
      const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(handle.db);
      expect(rows[0]?.foreign_keys).toBe(1);
    }
    const ids = async () => (await photoLinks()).map((row) => row.id);

    await expect(
      handle.db
        .insertInto('photos')
        .values({ ...photo('stray', alice, 'no-such-entry'), position: 0 })
        .execute(),
    ).rejects.toThrow();

    await handle.db.deleteFrom('entries').where('id', '=', 'many').execute();
    expect(await ids()).toEqual(['b1', 'fresh', 'orphan', 'p4', 'unlisted']);
    await handle.db.deleteFrom('locations').where('id', '=', 'wood').execute();
    expect(await ids()).toEqual(['b1', 'fresh', 'orphan', 'unlisted']);
    await handle.db.deleteFrom('user').where('id', '=', alice).execute();
    expect(await ids()).toEqual(['b1']);
  });

  it('goes back down: each entry lists its photos again, in order', async () => {
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    await migrateTo(handle.db as Kysely<unknown>, handle.dialect, lastOldMigration);

    const old = handle.db as unknown as Kysely<OldSchema>;
    const entries = await old
      .selectFrom('entries')
      .select(['id', 'photo_paths'])
      .orderBy('id')
      .execute();
    expect(entries.map((row) => [row.id, JSON.parse(row.photo_paths)])).toEqual([
      ['many', [pathOf('p3'), pathOf('p1'), pathOf('p2')]],
      ['none', []],
      ['one', [pathOf('p4')]],
    ]);
    const photos = await old
      .selectFrom('photos')
      .select(['id', 'entry_id'])
      .orderBy('id')
      .execute();
    expect(photos).toHaveLength(8);
    // The old schema again: entry_id takes any text, as it did.
    await old
      .insertInto('photos')
      .values(photo('stray', alice, 'no-such-entry'))
      .execute();
  });
});

import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import { groupCommit } from '../src/db/group-commit.ts';
import { createJournalQuota } from '../src/journal-quota/service.ts';
import { createLocationService } from '../src/modules/locations/service.ts';
import { createCursorCodec } from '../src/modules/sync/cursor.ts';
import { createListCache } from '../src/modules/sync/list-cache.ts';
import { createSyncService } from '../src/modules/sync/service.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { createUrlSigner } from '../src/storage/url-signer.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { ownTables } from './helpers/own-tables.ts';

/** The journal's tables as 0005 left them: no revisions anywhere. */
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
    created_at: string;
    updated_at: string;
  };
  preferences: {
    id: string;
    name: string;
    email: string;
    custom_species_categories: string;
    custom_species: string;
    custom_terrain_types: string;
    custom_tree_types: string;
    created_at: string;
    updated_at: string;
  };
}

const lastOldMigration = '0005-photos-belong-to-entries';
const stamp = '2026-05-01T10:00:00.000Z';
const secret = 'test-secret-that-is-long-enough-0123456789';

async function writeOldData(db: Kysely<OldSchema>, dialect: string): Promise<void> {
  const verified = dialect === 'postgres' ? true : 1;
  await db
    .insertInto('user')
    .values([
      { id: 'alice', name: 'alice', email: 'alice@example.com', emailVerified: verified },
      // Bob never wrote anything.
      { id: 'bob', name: 'bob', email: 'bob@example.com', emailVerified: verified },
    ])
    .execute();
  await db
    .insertInto('locations')
    .values({
      id: 'bog',
      user_id: 'alice',
      name: 'Bog',
      lat: 60,
      lng: 15,
      details: '{}',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto('entries')
    .values({
      id: 'visit',
      location_id: 'bog',
      user_id: 'alice',
      date: '2026-05-01',
      details: '{"notes":"cloudberries"}',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto('preferences')
    .values({
      id: 'alice',
      name: 'alice',
      email: 'alice@example.com',
      custom_species_categories: '["berries"]',
      custom_species: '{"berries":["cloudberry"]}',
      custom_terrain_types: '[]',
      custom_tree_types: '[]',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

describe.each(databaseKinds)('migration 0006 (sync revisions) on $name', (kind) => {
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

  function syncService() {
    const signer = createUrlSigner(secret);
    const locations = createLocationService({
      db: handle.db,
      dialect: handle.dialect,
      writes: groupCommit(handle.db, handle.dialect),
      storage: createLocalStorage(path.join(dataDir, 'photos')),
      signer,
      maxLocationsPerUser: 10,
      journal: createJournalQuota({ dialect: handle.dialect, maxBytesPerUser: 1_000_000 }),
    });
    const cursors = createCursorCodec(secret);
    const sync = createSyncService({
      db: handle.db,
      signer,
      locations,
      cursors,
      listCache: createListCache(0),
      validateAnswers: true,
    });
    const read = async (userId: string, since?: string) => {
      const answer = await sync.changes(userId, since, undefined);
      const body = answer.body instanceof Readable ? await text(answer.body) : String(answer.body);
      return JSON.parse(body) as {
        cursor: string;
        full: boolean;
        locations: { id: string; entries: { id: string }[] }[];
        preferences?: { customSpeciesCategories: string[] };
      };
    };
    return { read, cursors };
  }

  it('counts every row written before as revision 1, and every user as at revision 1', async () => {
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    const revisions = await handle.db
      .selectFrom('sync_revisions')
      .select(['user_id', 'revision', 'pruned_revision'])
      .orderBy('user_id')
      .execute();
    expect(
      revisions.map((row) => [row.user_id, Number(row.revision), Number(row.pruned_revision)]),
    ).toEqual([
      ['alice', 1, 0],
      ['bob', 1, 0],
    ]);
    for (const table of ['locations', 'entries', 'preferences'] as const) {
      const rows = await handle.db.selectFrom(table).select('revision').execute();
      expect(
        rows.map((row) => Number(row.revision)),
        table,
      ).toEqual([1]);
    }

    const { read, cursors } = syncService();
    const everything = await read('alice');
    expect(everything.full).toBe(true);
    expect(everything.locations.map((l) => [l.id, l.entries.map((e) => e.id)])).toEqual([
      ['bog', ['visit']],
    ]);
    expect(everything.preferences?.customSpeciesCategories).toEqual(['berries']);
    expect(everything.cursor).toBe(cursors.encode('alice', 1));
    // A client that read everything is up to date; one from revision 0 gets the old rows.
    expect((await read('alice', everything.cursor)).locations).toEqual([]);
    expect((await read('alice', cursors.encode('alice', 0))).locations).toHaveLength(1);
  });

  it('goes back down and up again', async () => {
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    await migrateTo(handle.db as Kysely<unknown>, handle.dialect, lastOldMigration);
    const tables = (await ownTables(handle)).map((table) => table.name);
    expect(tables).not.toContain('sync_revisions');
    expect(tables).not.toContain('sync_tombstones');
    const old = handle.db as unknown as Kysely<OldSchema>;
    expect(await old.selectFrom('entries').select('id').execute()).toEqual([{ id: 'visit' }]);
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    const { read } = syncService();
    expect((await read('alice')).locations).toHaveLength(1);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import type { EntriesTable, LocationsTable } from '../src/db/schema.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { ownTables } from './helpers/own-tables.ts';

const lastOldMigration = '0006-sync-revisions';
const stamp = '2026-05-01T10:00:00.000Z';

/** Rows as 0006 left them, with text that is not ASCII: bytes and characters differ. */
const bog: LocationsTable = {
  id: 'bog',
  user_id: 'alice',
  name: 'Myr é',
  description: null,
  lat: 60,
  lng: 15,
  details: '{"species":["hjortron 🍇"]}',
  favorite: 0,
  created_at: stamp,
  updated_at: stamp,
  revision: 1,
};
const ridge: LocationsTable = {
  ...bog,
  id: 'ridge',
  name: 'Ås',
  description: 'Kantareller 🍄 under granarna',
  details: '{}',
};
const visit: EntriesTable = {
  id: 'visit',
  location_id: 'bog',
  user_id: 'alice',
  date: '2026-05-01',
  details: '{"notes":"hjortron, mogna ✓"}',
  created_at: stamp,
  updated_at: stamp,
  revision: 1,
};

const utf8 = (values: readonly (string | null)[]) =>
  values.reduce((sum, value) => sum + Buffer.byteLength(value ?? ''), 0);
const locationText = (row: LocationsTable) =>
  utf8([
    row.id,
    row.user_id,
    row.name,
    row.description,
    row.details,
    row.created_at,
    row.updated_at,
  ]);
const entryText = (row: EntriesTable) =>
  utf8([
    row.id,
    row.location_id,
    row.user_id,
    row.date,
    row.details,
    row.created_at,
    row.updated_at,
  ]);

describe.each(databaseKinds)('migration 0007 (journal bytes) on $name', (kind) => {
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
    const verified = handle.dialect === 'postgres' ? true : 1;
    const users = handle.db as unknown as Kysely<{
      user: { id: string; name: string; email: string; emailVerified: number | boolean };
    }>;
    await users
      .insertInto('user')
      .values(
        ['alice', 'bob'].map((id) => ({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: verified,
        })),
      )
      .execute();
    await handle.db.insertInto('locations').values([bog, ridge]).execute();
    await handle.db.insertInto('entries').values(visit).execute();
    // Bob wrote nothing but his preferences.
    await handle.db
      .insertInto('sync_revisions')
      .values([
        { user_id: 'alice', revision: 3, pruned_revision: 0 },
        { user_id: 'bob', revision: 1, pruned_revision: 0 },
      ])
      .execute();
  });

  afterEach(async () => {
    await handle.db.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const counts = async () =>
    (
      await handle.db
        .selectFrom('sync_revisions')
        .select(['user_id', 'journal_bytes', 'revision'])
        .orderBy('user_id')
        .execute()
    ).map((row) => [row.user_id, Number(row.journal_bytes), Number(row.revision)]);

  it("counts the UTF-8 bytes of each user's locations and entries written before", async () => {
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    const alice = locationText(bog) + locationText(ridge) + entryText(visit);
    // Non-ASCII text counts its bytes, not its characters.
    expect(alice).toBeGreaterThan(
      [bog, ridge].reduce((n, r) => n + r.name.length + (r.description ?? '').length, 0),
    );
    expect(await counts()).toEqual([
      ['alice', alice, 3],
      ['bob', 0, 1],
    ]);
  });

  it('goes back down and up again', async () => {
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    await migrateTo(handle.db as Kysely<unknown>, handle.dialect, lastOldMigration);
    const table = (await ownTables(handle)).find((t) => t.name === 'sync_revisions');
    expect(table?.columns.map((column) => column.name)).not.toContain('journal_bytes');
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    expect((await counts())[0]?.[1]).toBe(
      locationText(bog) + locationText(ridge) + entryText(visit),
    );
  });
});

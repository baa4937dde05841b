import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import type { EntriesTable } from '../src/db/schema.ts';
import { findRowsOf } from '../src/lib/entry-details.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

const before = '0010-shares';
const stamp = '2026-05-01T10:00:00.000Z';

/** Quantities a 4-byte float does not hold (7 digits), beside ones it does and none. */
const quantities = [1234.567, 999_999_999.999, 0.001, 16_777_217, 2.5, null];

/** 1,100 entries (more than a page of the migration's), a find each, some two. */
const entries: EntriesTable[] = Array.from({ length: 1100 }, (_, i) => ({
  id: `e-${String(i).padStart(5, '0')}`,
  location_id: 'bog',
  user_id: 'alice',
  date: '2026-08-01',
  details: JSON.stringify({
    finds: [
      { species: 'Chanterelle', quantity: quantities[i % quantities.length], unit: 'kg' },
      ...(i % 2 ? [{ species: 'Cèpe', quantity: i + 0.123, unit: 'count' }] : []),
    ],
  }),
  created_at: stamp,
  updated_at: stamp,
  revision: 1,
}));

describe.each(databaseKinds)('migration 0011 (season reads) on $name', (kind) => {
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
    await migrateTo(handle.db as Kysely<unknown>, handle.dialect, before);
    const users = handle.db as unknown as Kysely<{
      user: { id: string; name: string; email: string; emailVerified: number | boolean };
    }>;
    await users
      .insertInto('user')
      .values({
        id: 'alice',
        name: 'alice',
        email: 'alice@example.com',
        emailVerified: handle.dialect === 'postgres' ? true : 1,
      })
      .execute();
    await handle.db
      .insertInto('locations')
      .values({
        ...{ id: 'bog', user_id: 'alice', name: 'Bog', description: null, lat: 60, lng: 15 },
        ...{ details: '{}', favorite: 0, created_at: stamp, updated_at: stamp, revision: 1 },
      })
      .execute();
    for (let at = 0; at < entries.length; at += 200) {
      const page = entries.slice(at, at + 200);
      await handle.db.insertInto('entries').values(page).execute();
      await handle.db.insertInto('entry_finds').values(page.flatMap(findRowsOf)).execute();
    }
  });

  afterEach(async () => {
    await handle.db.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const migrate = () => migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  /** Each find's stored quantity beside the number its entry's details hold. */
  async function storedAndGiven() {
    const rows = await handle.db
      .selectFrom('entry_finds')
      .select(['entry_id', 'species_key', 'quantity'])
      .orderBy('entry_id')
      .orderBy('species_key')
      .execute();
    const given = entries
      .flatMap(findRowsOf)
      .sort((a, b) =>
        a.entry_id === b.entry_id
          ? a.species_key.localeCompare(b.species_key)
          : a.entry_id < b.entry_id
            ? -1
            : 1,
      )
      .map((row) => [row.entry_id, row.species_key, row.quantity]);
    return { stored: rows.map((row) => [row.entry_id, row.species_key, row.quantity]), given };
  }

  it('keeps every quantity exactly as given (PostgreSQL: double precision, from the details)', async () => {
    await migrate();
    const { stored, given } = await storedAndGiven();
    expect(stored).toEqual(given);
    expect(stored.length).toBe(1650);
  });

  it('adds the indexes the season reads use, and goes down and up again', async () => {
    const indexes = async () => {
      const { rows } = await (
        handle.dialect === 'postgres'
          ? sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = current_schema()`
          : sql<{ name: string }>`select name from sqlite_master where type = 'index'`
      ).execute(handle.db);
      return rows.map((row) => row.name).filter((name) => name.includes('user_'));
    };
    await migrate();
    expect(await indexes()).toEqual(
      expect.arrayContaining([
        'entry_finds_user_species_location_idx',
        'entries_user_location_date_idx',
      ]),
    );
    await migrateTo(handle.db as Kysely<unknown>, handle.dialect, before);
    expect(await indexes()).not.toContain('entry_finds_user_species_location_idx');
    expect(await indexes()).not.toContain('entries_user_location_date_idx');
    await migrate();
    const { stored, given } = await storedAndGiven();
    expect(stored).toEqual(given);
  });
});

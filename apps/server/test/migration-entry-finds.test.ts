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

const lastOldMigration = '0007-journal-bytes';
const stamp = '2026-05-01T10:00:00.000Z';

const bog: LocationsTable = {
  id: 'bog',
  user_id: 'alice',
  name: 'Myr',
  description: null,
  lat: 60,
  lng: 15,
  details: '{"species":["Hjortron"]}',
  favorite: 0,
  created_at: stamp,
  updated_at: stamp,
  revision: 2,
};
const ridge: LocationsTable = { ...bog, id: 'ridge', name: 'Ås', details: '{}' };
const bobsWood: LocationsTable = { ...bog, id: 'wood', user_id: 'bob', name: 'Wood' };
const entry = (id: string, over: Partial<EntriesTable>): EntriesTable => ({
  id,
  location_id: 'bog',
  user_id: 'alice',
  date: '2026-08-01',
  details: '{}',
  created_at: stamp,
  updated_at: stamp,
  revision: 2,
  ...over,
});
/** Two species, one written twice under another case and accent (one find), abundance kept. */
const picked = entry('picked', {
  details: '{"species":["Cèpe","Girolle","cepe"],"abundance":4,"notes":"wet"}',
});
const emptyList = entry('empty', { date: '2026-08-02', details: '{"species":[]}' });
/** Untouched: no species (a note that names the word does not count). */
const plain = entry('plain', {
  location_id: 'ridge',
  details: '{"notes":"no \\"species\\" here"}',
});
const bobs = entry('bobs', {
  location_id: 'wood',
  user_id: 'bob',
  details: '{"species":["Morel"]}',
});

describe.each(databaseKinds)('migration 0008 (entry finds) on $name', (kind) => {
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
        ['alice', 'bob', 'carol'].map((id) => ({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: verified,
        })),
      )
      .execute();
    await handle.db.insertInto('locations').values([bog, ridge, bobsWood]).execute();
    await handle.db.insertInto('entries').values([picked, emptyList, plain, bobs]).execute();
    await handle.db
      .insertInto('sync_revisions')
      .values([
        { user_id: 'alice', revision: 5, pruned_revision: 0, journal_bytes: 1000 },
        { user_id: 'bob', revision: 7, pruned_revision: 0, journal_bytes: 500 },
        { user_id: 'carol', revision: 3, pruned_revision: 0, journal_bytes: 0 },
      ])
      .execute();
  });

  afterEach(async () => {
    await handle.db.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const migrate = () => migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  const entries = async () =>
    Object.fromEntries(
      (await handle.db.selectFrom('entries').select(['id', 'details', 'revision']).execute()).map(
        (row) => [row.id, { details: JSON.parse(row.details), revision: Number(row.revision) }],
      ),
    );
  const findRows = () =>
    handle.db
      .selectFrom('entry_finds')
      .selectAll()
      .orderBy('entry_id')
      .orderBy('species_key')
      .execute();

  it('makes each species a find without a quantity, in details and in entry_finds', async () => {
    await migrate();
    const after = await entries();
    expect(after.picked?.details).toEqual({
      finds: [{ species: 'Cèpe' }, { species: 'Girolle' }],
      abundance: 4,
      notes: 'wet',
    });
    expect(after.empty?.details).toEqual({});
    expect(after.plain?.details).toEqual({ notes: 'no "species" here' });
    expect(after.bobs?.details).toEqual({ finds: [{ species: 'Morel' }] });
    const row = { user_id: 'alice', location_id: 'bog', date: '2026-08-01', quantity: null };
    expect(await findRows()).toEqual([
      {
        ...row,
        entry_id: 'bobs',
        user_id: 'bob',
        location_id: 'wood',
        species: 'Morel',
        species_key: 'morel',
        unit: null,
      },
      { ...row, entry_id: 'picked', species: 'Cèpe', species_key: 'cepe', unit: null },
      { ...row, entry_id: 'picked', species: 'Girolle', species_key: 'girolle', unit: null },
    ]);
  });

  it('stamps the changed entries and their locations with a new revision, and counts their bytes', async () => {
    const before = await handle.db.selectFrom('entries').selectAll().execute();
    await migrate();
    const after = await entries();
    expect([after.picked?.revision, after.empty?.revision, after.plain?.revision]).toEqual([
      6, 6, 2,
    ]);
    expect(after.bobs?.revision).toBe(8);
    const locations = await handle.db
      .selectFrom('locations')
      .select(['id', 'revision'])
      .orderBy('id')
      .execute();
    expect(locations.map((l) => [l.id, Number(l.revision)])).toEqual([
      ['bog', 6],
      ['ridge', 2],
      ['wood', 8],
    ]);
    const newBytes = await handle.db.selectFrom('entries').selectAll().execute();
    const delta = (userId: string) =>
      newBytes
        .filter((e) => e.user_id === userId)
        .reduce((n, e) => n + Buffer.byteLength(e.details), 0) -
      before
        .filter((e) => e.user_id === userId)
        .reduce((n, e) => n + Buffer.byteLength(e.details), 0);
    const counts = await handle.db
      .selectFrom('sync_revisions')
      .select(['user_id', 'revision', 'journal_bytes'])
      .orderBy('user_id')
      .execute();
    expect(counts.map((c) => [c.user_id, Number(c.revision), Number(c.journal_bytes)])).toEqual([
      ['alice', 6, 1000 + delta('alice')],
      ['bob', 8, 500 + delta('bob')],
      ['carol', 3, 0],
    ]);
  });

  it('deletes the rows of a deleted entry, location or user (on delete cascade)', async () => {
    await migrate();
    await handle.db.deleteFrom('entries').where('id', '=', 'bobs').execute();
    expect((await findRows()).map((r) => r.entry_id)).toEqual(['picked', 'picked']);
    await handle.db.deleteFrom('user').where('id', '=', 'alice').execute();
    expect(await findRows()).toEqual([]);
  });

  it('goes back down to species lists and up again', async () => {
    await migrate();
    await migrateTo(handle.db as Kysely<unknown>, handle.dialect, lastOldMigration);
    expect((await ownTables(handle)).map((t) => t.name)).not.toContain('entry_finds');
    expect((await entries()).picked?.details).toEqual({
      species: ['Cèpe', 'Girolle'],
      abundance: 4,
      notes: 'wet',
    });
    await migrate();
    expect((await findRows()).length).toBe(3);
  });

  it('migrates many entries, a page at a time', async () => {
    const many = Array.from({ length: 2500 }, (_, i) =>
      entry(`many-${String(i).padStart(5, '0')}`, {
        details: JSON.stringify({ species: [`S${i % 7}`, `T${i % 3}`] }),
      }),
    );
    for (let i = 0; i < many.length; i += 250) {
      await handle.db
        .insertInto('entries')
        .values(many.slice(i, i + 250))
        .execute();
    }
    await migrate();
    const rows = await handle.db
      .selectFrom('entry_finds')
      .select(['entry_id'])
      .where('entry_id', 'like', 'many-%')
      .execute();
    expect(rows.length).toBe(5000);
    const details = await handle.db
      .selectFrom('entries')
      .select('details')
      .where('id', '=', 'many-02499')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(details.details)).toEqual({ finds: [{ species: 'S0' }, { species: 'T0' }] });
  });
});

import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { entryFindsRepository } from '../entry-finds.ts';
import type { Executor } from '../executor.ts';
import type { EntriesTable, LocationsTable } from '../schema.ts';
import { searchIndex } from '../search-index.ts';
import { createDerivedTables } from './0009-search.ts';
import { inOneTransaction } from './in-one-transaction.ts';
import { createTextIndex, dropTextIndex } from './search-text-index.ts';

/**
 * The search index written with the journal (db/search-index.ts), replacing 0009's, which the
 * first search after a write brought up to date. Spots (`search_spots`), their tree and
 * category labels by key (`search_labels`), and visits (`search_visits`, whose `doc` is the
 * spot's text and the visit's, the words' index: search-text-index.ts); finds are entry_finds'
 * rows (0008). Every row of the index is written again here from the journal, so an index left
 * behind by 0009 counts for nothing.
 */
export function searchIndexTables(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        for (const table of ['search_finds', 'search_visits', 'search_spots', 'search_state']) {
          await trx.schema.dropTable(table).execute();
        }
        await createTables(trx, dialect);
        await createTextIndex(trx, dialect);
        if (dialect === 'postgres') await quantityType(trx, 'double precision');
        await rebuild(trx as unknown as Executor, dialect);
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await dropTextIndex(trx, dialect);
        for (const table of ['search_labels', 'search_visits', 'search_spots']) {
          await trx.schema.dropTable(table).execute();
        }
        await createDerivedTables(trx);
        if (dialect === 'postgres') await quantityType(trx, 'real');
      }),
  };
}

async function createTables(trx: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // On SQLite an integer primary key (FTS5's rowid, which VACUUM never renumbers) and the id
  // unique; on PostgreSQL the id is the key.
  const keyed = (table: string, id: string, references: string) => {
    const builder = trx.schema.createTable(table);
    return dialect === 'sqlite'
      ? builder
          .addColumn('seq', 'integer', (c) => c.primaryKey())
          .addColumn(id, 'text', (c) =>
            c.notNull().unique().references(references).onDelete('cascade'),
          )
      : builder.addColumn(id, 'text', (c) =>
          c.primaryKey().references(references).onDelete('cascade'),
        );
  };
  await keyed('search_spots', 'location_id', 'locations.id')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('terrain', 'text', (c) => c.notNull())
    .addColumn('access', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('favorite', 'integer', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('newest_visit', 'text')
    .execute();
  await trx.schema
    .createIndex('search_spots_user_idx')
    .on('search_spots')
    .column('user_id')
    .execute();
  await trx.schema
    .createTable('search_labels')
    .addColumn('location_id', 'text', (c) =>
      c.notNull().references('locations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_labels_pk', ['location_id', 'kind', 'key'])
    .execute();
  await trx.schema
    .createIndex('search_labels_user_idx')
    .on('search_labels')
    .columns(['user_id', 'kind', 'key'])
    .execute();
  await keyed('search_visits', 'entry_id', 'entries.id')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
  for (const [name, columns] of [
    ['search_visits_user_month_idx', ['user_id', 'month', 'date']],
    ['search_visits_user_date_idx', ['user_id', 'date']],
    ['search_visits_location_idx', ['location_id', 'date']],
  ] as const) {
    await trx.schema
      .createIndex(name)
      .on('search_visits')
      .columns([...columns])
      .execute();
  }
}

const pageSize = 1000;

/** Rows of `table` after `after` in id order, a page. */
async function page<T>(db: Executor, table: 'locations' | 'entries', after: string) {
  const { rows } = await sql<T & { id: string }>`select * from ${sql.table(table)}
    where id > ${after} order by id limit ${pageSize}`.execute(db);
  return rows;
}

function byUser<T extends { user_id: string }>(rows: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.user_id);
    if (group) group.push(row);
    else groups.set(row.user_id, [row]);
  }
  return [...groups.values()];
}

/**
 * entry_finds.quantity was `real` (0008), which is 4 bytes on PostgreSQL: 0.7 kg read back as
 * 0.699999988 and failed `minQuantity=0.7`. SQLite's `real` has 8 bytes already.
 */
async function quantityType(trx: Kysely<unknown>, type: 'double precision' | 'real') {
  await sql`alter table entry_finds alter column quantity type ${sql.raw(type)}`.execute(trx);
}

/** On PostgreSQL, a page of entries' finds written again: their quantities from the details. */
async function exactQuantities(db: Executor, entries: readonly EntriesTable[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 100) {
    const part = entries.slice(start, start + 100);
    const ids = part.map((entry) => entry.id);
    await db.deleteFrom('entry_finds').where('entry_id', 'in', ids).execute();
    await entryFindsRepository.insertFor(db, part);
  }
}

/** Every spot, then every visit, by the same code as the writes (all spots come first). */
async function rebuild(db: Executor, dialect: DialectName): Promise<void> {
  for (const table of ['locations', 'entries'] as const) {
    for (let after = ''; ;) {
      const rows = await page<LocationsTable & EntriesTable>(db, table, after);
      for (const mine of byUser(rows)) {
        if (table === 'locations') await searchIndex.spotsWritten(db, mine);
        else await searchIndex.visitsInserted(db, mine);
      }
      if (table === 'entries' && dialect === 'postgres') await exactQuantities(db, rows);
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }
}

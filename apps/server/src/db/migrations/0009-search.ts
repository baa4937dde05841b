import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { inOneTransaction } from './in-one-transaction.ts';

/**
 * The search index (docs/behaviour.md#search, modules/search/index-refresh.ts): the folded texts
 * and keys of each spot, visit and find, in plain indexed columns both databases read alike.
 * It is derived: rows cascade with their location or entry, and `search_state` holds the
 * user's revision it was last brought up to; the first search after a change refreshes the
 * locations changed since (all of them after this migration, which writes no rows).
 *
 * `saved_searches`: a user's named queries, synced and backed up like the journal.
 */
export function searchTables(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await createDerivedTables(trx);
        await trx.schema
          .createTable('saved_searches')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('query', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('revision', 'bigint', (c) => c.notNull())
          // Set when deleted: the row stays as GET /sync's word of the deletion.
          .addColumn('deleted_at', 'text')
          .execute();
        await trx.schema
          .createIndex('saved_searches_user_idx')
          .on('saved_searches')
          .columns(['user_id', 'revision'])
          .execute();
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        for (const table of [
          'saved_searches',
          'search_finds',
          'search_visits',
          'search_spots',
          'search_state',
        ]) {
          await trx.schema.dropTable(table).execute();
        }
      }),
  };
}

/**
 * The derived tables as this migration made them (0012-search-index.ts replaces them, and
 * makes them again, empty, when migrated down: the first search then fills them).
 */
export async function createDerivedTables(trx: Kysely<unknown>): Promise<void> {
  await trx.schema
    .createTable('search_state')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable('search_spots')
    .addColumn('location_id', 'text', (c) =>
      c.primaryKey().references('locations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('terrain', 'text', (c) => c.notNull())
    .addColumn('trees', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
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
    .columns(['user_id', 'terrain'])
    .execute();
  await trx.schema
    .createTable('search_visits')
    .addColumn('entry_id', 'text', (c) =>
      c.primaryKey().references('entries.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await trx.schema
    .createIndex('search_visits_user_month_idx')
    .on('search_visits')
    .columns(['user_id', 'month', 'date'])
    .execute();
  await trx.schema
    .createIndex('search_visits_user_date_idx')
    .on('search_visits')
    .columns(['user_id', 'date'])
    .execute();
  await trx.schema
    .createIndex('search_visits_location_idx')
    .on('search_visits')
    .column('location_id')
    .execute();
  await trx.schema
    .createTable('search_finds')
    .addColumn('entry_id', 'text', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('species_key', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision')
    .addColumn('unit', 'text')
    .addPrimaryKeyConstraint('search_finds_pk', ['entry_id', 'species_key'])
    .execute();
  await trx.schema
    .createIndex('search_finds_user_species_idx')
    .on('search_finds')
    .columns(['user_id', 'species_key'])
    .execute();
  await trx.schema
    .createIndex('search_finds_location_idx')
    .on('search_finds')
    .column('location_id')
    .execute();
}

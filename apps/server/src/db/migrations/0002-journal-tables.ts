import type { Kysely, Migration } from 'kysely';

/** Timestamps of the journal's own tables are ISO-8601 UTC text: sortable and equal on both dialects. */
export function journalTables(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('preferences')
        .addColumn('id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('custom_species_categories', 'text', (c) => c.notNull())
        .addColumn('custom_species', 'text', (c) => c.notNull())
        .addColumn('custom_terrain_types', 'text', (c) => c.notNull())
        .addColumn('custom_tree_types', 'text', (c) => c.notNull())
        .addColumn('show_tutorial', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('locations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('favorite', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('locations_user_idx').on('locations').column('user_id').execute();
      await db.schema
        .createTable('entries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('location_id', 'text', (c) =>
          c.notNull().references('locations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('photo_paths', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('entries_location_idx')
        .on('entries')
        .columns(['location_id', 'date'])
        .execute();
      await db.schema.createIndex('entries_user_idx').on('entries').column('user_id').execute();
      await db.schema
        .createTable('photos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('file_path', 'text', (c) => c.notNull().unique())
        // The one entry a photo belongs to (null until attached): deleting that entry deletes it.
        .addColumn('entry_id', 'text')
        .addColumn('thumbnail_file_path', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('photos_user_idx').on('photos').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['photos', 'entries', 'locations', 'preferences']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

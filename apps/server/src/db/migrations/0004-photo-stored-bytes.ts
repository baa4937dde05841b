import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Photo storage quota: each photo row counts every byte it keeps (display and thumbnail).
 * Rows from before count their display size, the one figure known for them.
 * The partial index serves the sweeper of photos never attached to an entry.
 */
export function photoStoredBytes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('photos')
        .addColumn('stored_bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update photos set stored_bytes = size`.execute(db);
      await db.schema
        .createIndex('photos_unattached_idx')
        .on('photos')
        .column('uploaded_at')
        .where(sql.ref('entry_id'), 'is', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('photos_unattached_idx').execute();
      await db.schema.alterTable('photos').dropColumn('stored_bytes').execute();
    },
  };
}

import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { inOneTransaction } from './in-one-transaction.ts';

const journalTables = ['locations', 'entries', 'preferences'] as const;

/**
 * What GET /sync needs (docs/behaviour.md#sync):
 *
 * - `sync_revisions`: one row per user, its revision, raised by every write to the user's
 *   locations, entries and preferences (the row is that write's lock, taken first), and
 *   `pruned_revision`, the newest revision whose tombstone the sweeper has removed: a cursor
 *   older than that gets a full answer.
 * - `revision` on locations, entries and preferences: the revision of the row's last change.
 * - `sync_tombstones`: the ids of deleted locations and entries, with the revision and time of
 *   their deletion, kept 90 days.
 *
 * Rows written before this migration count as revision 1, and every existing user gets a
 * revision row at 1, so revision 0 always means "has never written anything".
 */
export function syncRevisions(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema
          .createTable('sync_revisions')
          .addColumn('user_id', 'text', (c) =>
            c.primaryKey().references('user.id').onDelete('cascade'),
          )
          .addColumn('revision', 'bigint', (c) => c.notNull())
          .addColumn('pruned_revision', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        for (const table of journalTables) {
          await trx.schema
            .alterTable(table)
            .addColumn('revision', 'bigint', (c) => c.notNull().defaultTo(0))
            .execute();
          await sql`update ${sql.table(table)} set revision = 1`.execute(trx);
        }
        await sql`insert into sync_revisions (user_id, revision, pruned_revision)
          select id, 1, 0 from ${sql.table('user')}`.execute(trx);
        // GET /sync reads a user's locations changed after a revision.
        await trx.schema
          .createIndex('locations_user_revision_idx')
          .on('locations')
          .columns(['user_id', 'revision'])
          .execute();
        await trx.schema
          .createTable('sync_tombstones')
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('location', 'entry')`))
          .addColumn('id', 'text', (c) => c.notNull())
          .addColumn('revision', 'bigint', (c) => c.notNull())
          .addColumn('deleted_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('sync_tombstones_pk', ['user_id', 'kind', 'id'])
          .execute();
        await trx.schema
          .createIndex('sync_tombstones_revision_idx')
          .on('sync_tombstones')
          .columns(['user_id', 'revision'])
          .execute();
        // The sweeper looks for the old ones.
        await trx.schema
          .createIndex('sync_tombstones_deleted_idx')
          .on('sync_tombstones')
          .column('deleted_at')
          .execute();
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema.dropTable('sync_tombstones').execute();
        await trx.schema.dropIndex('locations_user_revision_idx').execute();
        for (const table of journalTables) {
          await trx.schema.alterTable(table).dropColumn('revision').execute();
        }
        await trx.schema.dropTable('sync_revisions').execute();
      }),
  };
}

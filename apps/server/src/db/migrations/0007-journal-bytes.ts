import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { inOneTransaction } from './in-one-transaction.ts';

/**
 * The journal byte quota (QUOTA_JOURNAL_BYTES_PER_USER): `journal_bytes` on the user's revision
 * row, the UTF-8 bytes of every text column of the user's locations and entries. Every write of
 * them takes that row first (the revision bump), so the count is kept exact under the same lock.
 *
 * Rows written before are counted here, with the same columns as
 * journal-quota/measure.ts at the time of writing (a migration is not changed later).
 */
const countedColumns = {
  locations: ['id', 'user_id', 'name', 'description', 'details', 'created_at', 'updated_at'],
  entries: ['id', 'location_id', 'user_id', 'date', 'details', 'created_at', 'updated_at'],
} as const;

/** The UTF-8 bytes of a row's counted columns, a null as 0. SQLite's length() counts characters. */
function rowBytes(dialect: DialectName, table: keyof typeof countedColumns): RawBuilder<number> {
  const bytesOf = (column: string) =>
    dialect === 'postgres'
      ? sql`coalesce(octet_length(${sql.ref(`${table}.${column}`)}), 0)`
      : sql`coalesce(length(cast(${sql.ref(`${table}.${column}`)} as blob)), 0)`;
  return sql<number>`${sql.join(countedColumns[table].map(bytesOf), sql` + `)}`;
}

export function journalBytes(dialect: DialectName): Migration {
  return {
    up: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema
          .alterTable('sync_revisions')
          .addColumn('journal_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`update sync_revisions set journal_bytes =
          (select coalesce(sum(${rowBytes(dialect, 'locations')}), 0) from locations
            where locations.user_id = sync_revisions.user_id)
          + (select coalesce(sum(${rowBytes(dialect, 'entries')}), 0) from entries
            where entries.user_id = sync_revisions.user_id)`.execute(trx);
      }),
    down: (db: Kysely<unknown>) =>
      inOneTransaction(db, dialect, async (trx) => {
        await trx.schema.alterTable('sync_revisions').dropColumn('journal_bytes').execute();
      }),
  };
}

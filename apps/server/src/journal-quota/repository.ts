import { sql, type RawBuilder } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import type { DialectName } from '../db/dialect.ts';
import type { DbTransaction, Executor } from '../db/executor.ts';
import { countedColumns } from './measure.ts';

/** Adds the bytes unless the total would pass `max`: the check and the change in one statement. */
const addWithinQuery = compiledOnce((db: Executor, userId: string, bytes: number, max: number) =>
  db
    .updateTable('sync_revisions')
    .set((eb) => ({ journal_bytes: eb('journal_bytes', '+', bytes) }))
    .where('user_id', '=', userId)
    .where((eb) => eb(eb('journal_bytes', '+', bytes), '<=', max)),
);
const subtractQuery = compiledOnce((db: Executor, userId: string, bytes: number) =>
  db
    .updateTable('sync_revisions')
    .set((eb) => ({ journal_bytes: eb('journal_bytes', '-', bytes) }))
    .where('user_id', '=', userId),
);

/** measure.ts's count of an entry row, in SQL: SQLite's length() of text counts characters. */
function entryRowBytes(dialect: DialectName): RawBuilder<number> {
  const bytesOf = (column: string) =>
    dialect === 'postgres'
      ? sql`coalesce(octet_length(${sql.ref(`entries.${column}`)}), 0)`
      : sql`coalesce(length(cast(${sql.ref(`entries.${column}`)} as blob)), 0)`;
  return sql<number>`${sql.join(countedColumns.entries.map(bytesOf), sql` + `)}`;
}

/**
 * The user's journal byte count (`sync_revisions.journal_bytes`). Its row is the one every write
 * of the user's journal takes first (syncRepository.bump), so these run under that lock and
 * after it: the row exists.
 */
export const journalQuotaRepository = {
  /** Whether the bytes were added (false: they would pass `max`, and nothing changed). */
  async addWithin(trx: DbTransaction, userId: string, bytes: number, max: number) {
    const result = await addWithinQuery(trx, userId, bytes, max);
    return Number(result.numAffectedRows ?? 0) > 0;
  },
  async subtract(trx: DbTransaction, userId: string, bytes: number): Promise<void> {
    await subtractQuery(trx, userId, bytes);
  },
  /**
   * Gives back a location's bytes and those of its entries, which its delete takes with it: one
   * statement, before the delete.
   */
  async subtractLocation(
    trx: DbTransaction,
    dialect: DialectName,
    userId: string,
    locationId: string,
    locationBytes: number,
  ): Promise<void> {
    await trx
      .updateTable('sync_revisions')
      .set((eb) => ({
        journal_bytes: eb(
          eb('journal_bytes', '-', locationBytes),
          '-',
          eb
            .selectFrom('entries')
            .select(sql<number>`coalesce(sum(${entryRowBytes(dialect)}), 0)`.as('bytes'))
            .where('user_id', '=', userId)
            .where('location_id', '=', locationId),
        ),
      }))
      .where('user_id', '=', userId)
      .execute();
  },
  async used(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('sync_revisions')
      .select('journal_bytes')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.journal_bytes ?? 0);
  },
};

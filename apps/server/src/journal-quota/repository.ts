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
/**
 * The user's revision bump (modules/sync's `bump`: the upsert that takes the user's row first in
 * every write) with `bytes` added to the count in the same statement: a create's two writes to
 * that row in one round trip. Answers the new revision and the new count.
 */
const bumpAddingQuery = compiledOnce((trx: Executor, userId: string, bytes: number) =>
  trx
    .insertInto('sync_revisions')
    .values({ user_id: userId, revision: 1, pruned_revision: 0, journal_bytes: bytes })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        revision: eb('sync_revisions.revision', '+', 1),
        journal_bytes: eb('sync_revisions.journal_bytes', '+', bytes),
      })),
    )
    .returning(['revision', 'journal_bytes']),
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
  /** The revision bump with `bytes` added (see bumpAddingQuery): the new revision and count. */
  async bumpAdding(
    trx: DbTransaction,
    userId: string,
    bytes: number,
  ): Promise<{ revision: number; used: number }> {
    const [row] = (await bumpAddingQuery(trx, userId, bytes)).rows;
    if (!row) throw new Error('the revision upsert answered no row');
    return { revision: Number(row.revision), used: Number(row.journal_bytes) };
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

import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { countAll, inList, insertedRows } from '../../db/query-fragments.ts';
import type { Database, LocationsTable } from '../../db/schema.ts';

/** One location of one user: a user never reads or writes another user's. */
const ownLocation =
  (userId: string, id: string) => (eb: ExpressionBuilder<Database, 'locations'>) =>
    eb.and([eb('user_id', '=', userId), eb('id', '=', id)]);

/* The queries of every create, compiled once (db/compiled-once.ts). */
const findByIdQuery = compiledOnce((db: Executor, userId: string, id: string) =>
  db.selectFrom('locations').selectAll().where(ownLocation(userId, id)),
);
const locationColumns = [
  'id',
  'user_id',
  'name',
  'description',
  'lat',
  'lng',
  'details',
  'favorite',
  'created_at',
  'updated_at',
  'revision',
] as const satisfies readonly (keyof LocationsTable)[];
/**
 * insert … select … where (the user's count) < max: the quota's count and the insert in one
 * statement (one round trip less on PostgreSQL). PostgreSQL types each parameter from
 * its column, as for `values`.
 */
const insertBelowQuotaQuery = compiledOnce((db: Executor, row: LocationsTable, max: number) =>
  db
    .insertInto('locations')
    .columns(locationColumns)
    .expression(
      db
        .selectNoFrom((eb) => locationColumns.map((column) => eb.val(row[column]).as(column)))
        .where((eb) =>
          eb(
            eb.selectFrom('locations').select(countAll).where('user_id', '=', row.user_id),
            '<',
            max,
          ),
        ),
    )
    .onConflict((conflict) => conflict.column('id').doNothing()),
);
const touchQuery = compiledOnce(
  (db: Executor, userId: string, id: string, updatedAt: string, revision: number) =>
    db
      .updateTable('locations')
      .set({ updated_at: updatedAt, revision })
      .where(ownLocation(userId, id))
      .returningAll(),
);

/** The only place that queries locations; every query of a user's data is scoped by user id. */
export const locationsRepository = {
  /** The ids of the user's locations in the list's order (newest first). */
  async idsByUser(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('locations')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  },
  /** The user's locations changed after the revision (their entries' changes included). */
  listChangedSince(db: Executor, userId: string, revision: number): Promise<LocationsTable[]> {
    return db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revision', '>', revision)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
  },
  /** The user's locations of these ids (at most a few thousand: one `in` list). */
  byIds(db: Executor, userId: string, ids: readonly string[]): Promise<LocationsTable[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return (
      db
        .selectFrom('locations')
        .selectAll()
        .where('id', 'in', inList(ids))
        // Compared as an expression, not the column: SQLite then finds the rows by their primary
        // key, not by scanning all the user's rows through the user's index for each page.
        .where(sql<string>`user_id || ''`, '=', userId)
        .execute()
    );
  },
  async findById(db: Executor, userId: string, id: string): Promise<LocationsTable | undefined> {
    return (await findByIdQuery(db, userId, id)).rows[0];
  },
  /** Any user's row: only to tell an idempotent retry from a clash with another user's id. */
  findOwner(db: Executor, id: string): Promise<{ user_id: string } | undefined> {
    return db.selectFrom('locations').select('user_id').where('id', '=', id).executeTakeFirst();
  },
  /**
   * Inserts unless the id exists or the user already has `max` locations; answers whether it
   * inserted (false: the caller tells which of the two it was).
   */
  async insertBelowQuota(db: Executor, row: LocationsTable, max: number): Promise<boolean> {
    return insertedRows(await insertBelowQuotaQuery(db, row, max));
  },
  async update(
    db: Executor,
    userId: string,
    id: string,
    changes: Partial<LocationsTable>,
  ): Promise<void> {
    await db.updateTable('locations').set(changes).where(ownLocation(userId, id)).execute();
  },
  /**
   * A change to one of its entries is a change to the location: it moves to the top of the list,
   * and GET /sync answers it again, whole. Answers the row as it now is (the entry write's
   * answer starts from it, with no read after), or undefined when the user has no such location.
   */
  async touch(
    db: Executor,
    userId: string,
    id: string,
    updatedAt: string,
    revision: number,
  ): Promise<LocationsTable | undefined> {
    return (await touchQuery(db, userId, id, updatedAt, revision)).rows[0];
  },
  async delete(db: Executor, userId: string, id: string): Promise<void> {
    await db.deleteFrom('locations').where(ownLocation(userId, id)).execute();
  },
};

import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { countAll, failedWith, inList, insertedRows } from '../../db/query-fragments.ts';
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
/** A new location's limits: QUOTA_JOURNAL_BYTES_PER_USER and QUOTA_LOCATIONS_PER_USER. */
export interface LocationLimits {
  /** The location's journal bytes (journal-quota/measure.ts) and the user's quota. */
  bytes: number;
  maxBytes: number;
  maxLocations: number;
}

/**
 * A new location as one PostgreSQL statement (a data-modifying WITH), committed on its own, in
 * the order of docs/architecture.md#revisions. `bumped` raises the user's revision and journal
 * bytes, and takes the user's row lock, first; its condition holds the rules. The bytes are
 * checked on the row itself (an upsert waits for the row and checks its condition on the newest
 * version); the count of the user's locations is read from the statement's snapshot, taken
 * before that wait, which is the journal as it is once the lock is held only if no write of the
 * user committed in between: the condition also asks that the revision is still the one the
 * snapshot read (every write of a user's journal raises it first). A user's first write inserts
 * the row instead. Then the insert, which an id already taken fails (a unique violation),
 * undoing the bump. Entries: modules/entries/create-repository.ts does the same.
 */
const createInOneQuery = compiledOnce((db: Executor, row: LocationsTable, limits: LocationLimits) =>
  db
    .with('bumped', (db) =>
      db
        .insertInto('sync_revisions')
        .columns(['user_id', 'revision', 'pruned_revision', 'journal_bytes'])
        .expression(
          db
            .selectNoFrom((eb) => [
              eb.val(row.user_id).as('user_id'),
              eb.val(1).as('revision'),
              eb.val(0).as('pruned_revision'),
              eb.val(limits.bytes).as('journal_bytes'),
            ])
            .where(
              sql<boolean>`cast(${limits.bytes} as bigint) <= cast(${limits.maxBytes} as bigint)`,
            ),
        )
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet((eb) => ({
              revision: eb('sync_revisions.revision', '+', 1),
              journal_bytes: eb('sync_revisions.journal_bytes', '+', limits.bytes),
            }))
            .where((eb) =>
              eb.and([
                eb(eb('sync_revisions.journal_bytes', '+', limits.bytes), '<=', limits.maxBytes),
                eb(
                  'sync_revisions.revision',
                  '=',
                  eb
                    .selectFrom('sync_revisions as seen')
                    .select('seen.revision')
                    .where('seen.user_id', '=', row.user_id),
                ),
                eb(
                  eb.selectFrom('locations').select(countAll).where('user_id', '=', row.user_id),
                  '<',
                  limits.maxLocations,
                ),
              ]),
            ),
        )
        .returning('revision'),
    )
    .insertInto('locations')
    .columns(locationColumns)
    .expression((eb) =>
      eb
        .selectFrom('bumped')
        .select((eb) => [
          ...locationColumns
            .filter((column) => column !== 'revision')
            .map((column) => eb.val(row[column]).as(column)),
          'bumped.revision',
        ]),
    )
    .returning('revision'),
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
  listByUser(db: Executor, userId: string): Promise<LocationsTable[]> {
    return db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
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
    return db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', inList(ids))
      .execute();
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
  /**
   * PostgreSQL only: a new location, written and committed in one statement with no transaction
   * around it (createInOneQuery). Answers its revision, or undefined when the create was not
   * plain (an id already used, a quota, another write of the user's meanwhile): then nothing
   * was written, and insertBelowQuota's transaction tells which it was.
   */
  async createInOne(
    db: Executor,
    row: LocationsTable,
    limits: LocationLimits,
  ): Promise<number | undefined> {
    try {
      const [made] = (await createInOneQuery(db, row, limits)).rows;
      return made && Number(made.revision);
    } catch (error) {
      if (failedWith(error, ['23505'])) return undefined;
      throw error;
    }
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

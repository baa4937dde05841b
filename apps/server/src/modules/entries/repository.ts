import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { inList, insertedRows } from '../../db/query-fragments.ts';
import type { Database, EntriesTable } from '../../db/schema.ts';

type EntriesQuery = SelectQueryBuilder<Database, 'entries', EntriesTable>;

/** The user's entries: a user never reads or writes another user's. */
const ownedBy = (userId: string) => (eb: ExpressionBuilder<Database, 'entries'>) =>
  eb('user_id', '=', userId);

/** Newest first: by date, then by creation; the id settles ties, so the order never wobbles. */
const newestFirst = (query: EntriesQuery) =>
  query.orderBy('date', 'desc').orderBy('created_at', 'desc').orderBy('id');

/* The queries of every entry create, compiled once (db/compiled-once.ts). */
const ofLocationQuery = compiledOnce((db: Executor, userId: string, locationId: string) =>
  db
    .selectFrom('entries')
    .selectAll()
    .where(ownedBy(userId))
    .where('location_id', '=', locationId)
    .$call(newestFirst),
);
const insertIfAbsentQuery = compiledOnce((db: Executor, row: EntriesTable) =>
  db
    .insertInto('entries')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing()),
);

/** The only place that queries entries; every query of a user's data is scoped by user id. */
export const entriesRepository = {
  ofUser(db: Executor, userId: string): Promise<EntriesTable[]> {
    return db.selectFrom('entries').selectAll().where(ownedBy(userId)).$call(newestFirst).execute();
  },
  /** The entries of the user's locations changed after the revision. */
  ofLocationsChangedSince(db: Executor, userId: string, revision: number): Promise<EntriesTable[]> {
    return db
      .selectFrom('entries')
      .selectAll()
      .where(ownedBy(userId))
      .where('location_id', 'in', (eb) =>
        eb
          .selectFrom('locations')
          .select('id')
          .where('user_id', '=', userId)
          .where('revision', '>', revision),
      )
      .$call(newestFirst)
      .execute();
  },
  /** The entries of the user's locations of these ids, newest first. */
  ofLocations(
    db: Executor,
    userId: string,
    locationIds: readonly string[],
  ): Promise<EntriesTable[]> {
    if (locationIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('entries')
      .selectAll()
      .where(ownedBy(userId))
      .where('location_id', 'in', inList(locationIds))
      .$call(newestFirst)
      .execute();
  },
  async ofLocation(db: Executor, userId: string, locationId: string): Promise<EntriesTable[]> {
    return (await ofLocationQuery(db, userId, locationId)).rows;
  },
  find(
    db: Executor,
    userId: string,
    locationId: string,
    entryId: string,
  ): Promise<EntriesTable | undefined> {
    return db
      .selectFrom('entries')
      .selectAll()
      .where(ownedBy(userId))
      .where('location_id', '=', locationId)
      .where('id', '=', entryId)
      .executeTakeFirst();
  },
  /** Any user's row: only to tell an idempotent retry from a clash with another entry's id. */
  findOwner(
    db: Executor,
    id: string,
  ): Promise<{ user_id: string; location_id: string } | undefined> {
    return db
      .selectFrom('entries')
      .select(['user_id', 'location_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  /** Inserts unless the id exists; answers whether it inserted. */
  async insertIfAbsent(db: Executor, row: EntriesTable): Promise<boolean> {
    return insertedRows(await insertIfAbsentQuery(db, row));
  },
  async update(
    db: Executor,
    userId: string,
    entryId: string,
    changes: Partial<EntriesTable>,
  ): Promise<void> {
    await db
      .updateTable('entries')
      .set(changes)
      .where(ownedBy(userId))
      .where('id', '=', entryId)
      .execute();
  },
  async delete(db: Executor, userId: string, entryId: string): Promise<void> {
    await db.deleteFrom('entries').where(ownedBy(userId)).where('id', '=', entryId).execute();
  },
};

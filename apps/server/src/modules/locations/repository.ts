import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database, EntriesTable, LocationsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The only place that queries locations and entries; every query is scoped by user id. */
export const locationsRepository = {
  listByUser(db: Db, userId: string): Promise<LocationsTable[]> {
    return db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
  },
  findById(db: Db, userId: string, id: string): Promise<LocationsTable | undefined> {
    return db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  },
  /**
   * Like findById, and on PostgreSQL holds the row until the transaction ends, so concurrent
   * entry writes to one location take turns (SQLite's transactions take turns anyway).
   */
  lockById(
    trx: Transaction<Database>,
    dialect: DialectName,
    userId: string,
    id: string,
  ): Promise<LocationsTable | undefined> {
    return trx
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
  },
  async countByUser(db: Db, userId: string): Promise<number> {
    const row = await db
      .selectFrom('locations')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  async countEntriesOfLocation(db: Db, locationId: string): Promise<number> {
    const row = await db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('location_id', '=', locationId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  /** Any user's row: only to tell an idempotent retry from a clash with another user's id. */
  findOwner(db: Db, id: string): Promise<{ user_id: string } | undefined> {
    return db.selectFrom('locations').select('user_id').where('id', '=', id).executeTakeFirst();
  },
  /** Inserts unless the id exists; answers whether it inserted. */
  async insertIfAbsent(db: Db, row: LocationsTable): Promise<boolean> {
    const result = await db
      .insertInto('locations')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },
  async update(
    db: Db,
    userId: string,
    id: string,
    changes: Partial<LocationsTable>,
  ): Promise<void> {
    await db
      .updateTable('locations')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  },
  async touch(db: Db, userId: string, id: string, updatedAt: string): Promise<void> {
    await db
      .updateTable('locations')
      .set({ updated_at: updatedAt })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  },
  async delete(db: Db, userId: string, id: string): Promise<void> {
    await db.deleteFrom('locations').where('user_id', '=', userId).where('id', '=', id).execute();
  },

  entriesOfUser(db: Db, userId: string): Promise<EntriesTable[]> {
    return db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('date', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  },
  entriesOfLocation(db: Db, userId: string, locationId: string): Promise<EntriesTable[]> {
    return db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('location_id', '=', locationId)
      .orderBy('date', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  },
  findEntry(
    db: Db,
    userId: string,
    locationId: string,
    entryId: string,
  ): Promise<EntriesTable | undefined> {
    return db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('location_id', '=', locationId)
      .where('id', '=', entryId)
      .executeTakeFirst();
  },
  findEntryOwner(
    db: Db,
    id: string,
  ): Promise<{ user_id: string; location_id: string } | undefined> {
    return db
      .selectFrom('entries')
      .select(['user_id', 'location_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  async insertEntryIfAbsent(db: Db, row: EntriesTable): Promise<boolean> {
    const result = await db
      .insertInto('entries')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },
  async updateEntry(
    db: Db,
    userId: string,
    entryId: string,
    changes: Partial<EntriesTable>,
  ): Promise<void> {
    await db
      .updateTable('entries')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', entryId)
      .execute();
  },
  async deleteEntry(db: Db, userId: string, entryId: string): Promise<void> {
    await db
      .deleteFrom('entries')
      .where('user_id', '=', userId)
      .where('id', '=', entryId)
      .execute();
  },
};

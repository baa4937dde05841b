import { maxSavedSearches, type BackupSearch } from '@fj/contract/saved-searches';
import { compareSearches } from '@fj/contract/sync';
import type { Executor } from '../../db/executor.ts';
import { countAll } from '../../db/query-fragments.ts';
import type { SavedSearchesTable } from '../../db/schema.ts';

/** The only place that queries saved searches; every query of a user's is scoped by user id. */
export const savedSearchesRepository = {
  /**
   * The user's saved searches (not deleted), by name as code units (compareSearches): the
   * order the client's sync state keeps, whatever the database's collation.
   */
  async list(db: Executor, userId: string): Promise<SavedSearchesTable[]> {
    const rows = await db
      .selectFrom('saved_searches')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.sort(compareSearches);
  },
  /** Saved and deleted ones changed after the revision (GET /sync). */
  changedSince(db: Executor, userId: string, revision: number): Promise<SavedSearchesTable[]> {
    return db
      .selectFrom('saved_searches')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revision', '>', revision)
      .execute();
  },
  /** Any user's row by id: a user's own, or whose it is when another's. */
  findById(db: Executor, id: string): Promise<SavedSearchesTable | undefined> {
    return db.selectFrom('saved_searches').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async countSaved(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('saved_searches')
      .select(countAll)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  },
  /** Inserts, or brings back the user's own deleted row of that id with these values. */
  async upsert(db: Executor, row: SavedSearchesTable): Promise<void> {
    await db
      .insertInto('saved_searches')
      .values(row)
      .onConflict((c) =>
        c
          .column('id')
          .doUpdateSet({
            name: row.name,
            query: row.query,
            updated_at: row.updated_at,
            revision: row.revision,
            deleted_at: null,
          })
          .where('saved_searches.user_id', '=', row.user_id),
      )
      .execute();
  },
  async update(
    db: Executor,
    userId: string,
    id: string,
    changes: Partial<SavedSearchesTable>,
  ): Promise<void> {
    await db
      .updateTable('saved_searches')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  },
  /**
   * A backup's saved searches, as many as the limit leaves room for, stamped with the restore's
   * revision: one the user had deleted comes back; an id saved (the user's) or taken (another
   * user's) keeps its row.
   */
  async restore(
    db: Executor,
    stamp: { userId: string; now: string; revision: number },
    searches: readonly BackupSearch[],
  ): Promise<void> {
    const room = maxSavedSearches - (await this.countSaved(db, stamp.userId));
    const rows = searches.slice(0, Math.max(0, room)).map((search): SavedSearchesTable => ({
      id: search.id,
      user_id: stamp.userId,
      name: search.name,
      query: search.query,
      created_at: search.createdAt,
      updated_at: stamp.now,
      revision: stamp.revision,
      deleted_at: null,
    }));
    for (let start = 0; start < rows.length; start += 100) {
      await db
        .insertInto('saved_searches')
        .values(rows.slice(start, start + 100))
        .onConflict((c) =>
          c
            .column('id')
            .doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              query: eb.ref('excluded.query'),
              created_at: eb.ref('excluded.created_at'),
              updated_at: eb.ref('excluded.updated_at'),
              revision: eb.ref('excluded.revision'),
              deleted_at: null,
            }))
            .where((eb) =>
              eb.and([
                eb('saved_searches.user_id', '=', eb.ref('excluded.user_id')),
                eb('saved_searches.deleted_at', 'is not', null),
              ]),
            ),
        )
        .execute();
    }
  },
  /** Deleted rows are kept as long as sync tombstones, then go. */
  async sweepDeleted(db: Executor, userId: string, before: string): Promise<void> {
    await db
      .deleteFrom('saved_searches')
      .where('user_id', '=', userId)
      .where('deleted_at', '<', before)
      .execute();
  },
};

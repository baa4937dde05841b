import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { DbTransaction, Executor } from '../../db/executor.ts';

/** Where a user's revisions stand: the current one, and the oldest a cursor may still be at. */
export interface RevisionState {
  revision: number;
  prunedRevision: number;
}

export type TombstoneKind = 'location' | 'entry';

/** The upsert of bump, compiled once: it is the first statement of every write. */
const bumpQuery = compiledOnce((trx: Executor, userId: string) =>
  trx
    .insertInto('sync_revisions')
    .values({ user_id: userId, revision: 1, pruned_revision: 0 })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ revision: (eb) => eb('sync_revisions.revision', '+', 1) }),
    )
    .returning('revision'),
);

/**
 * The read of state, compiled once: it decides every conditional read (a 304 is mostly this
 * read), and building the query each time cost about as much as running it.
 */
const stateQuery = compiledOnce((db: Executor, userId: string) =>
  db
    .selectFrom('sync_revisions')
    .select(['revision', 'pruned_revision'])
    .where('user_id', '=', userId),
);

/** The only place that queries revisions and tombstones; every query is scoped by user id. */
export const syncRepository = {
  /**
   * Raises the user's revision by one and answers it: the first statement of every transaction
   * that writes the user's locations, entries or preferences (docs/behaviour.md#sync). The
   * upsert takes the revision row's lock, so concurrent writes of one user take turns in
   * revision order (PostgreSQL makes the next one wait for this commit, and it then reads the
   * committed value), and, taken first, the lock cannot deadlock with the row locks that
   * follow. On SQLite a write as the first statement takes the write lock at once, so two
   * processes never both hold a read lock they each want to raise.
   */
  async bump(trx: DbTransaction, userId: string): Promise<number> {
    const [row] = (await bumpQuery(trx, userId)).rows;
    if (!row) throw new Error('the revision upsert answered no row');
    return Number(row.revision);
  },

  /** One read by primary key; a user who never wrote anything is at revision 0. */
  async state(db: Executor, userId: string): Promise<RevisionState> {
    const [row] = (await stateQuery(db, userId)).rows;
    return {
      revision: Number(row?.revision ?? 0),
      prunedRevision: Number(row?.pruned_revision ?? 0),
    };
  },

  /** Records a deleted location or entry (again, should its id have been used and deleted before). */
  async addTombstone(
    trx: DbTransaction,
    userId: string,
    kind: TombstoneKind,
    id: string,
    revision: number,
    deletedAt: string,
  ): Promise<void> {
    await trx
      .insertInto('sync_tombstones')
      .values({ user_id: userId, kind, id, revision, deleted_at: deletedAt })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'kind', 'id'])
          .doUpdateSet({ revision, deleted_at: deletedAt }),
      )
      .execute();
  },

  /** Tombstones for every entry of a location about to be deleted, in one statement however many. */
  async addEntryTombstonesOfLocation(
    trx: DbTransaction,
    userId: string,
    locationId: string,
    revision: number,
    deletedAt: string,
  ): Promise<void> {
    await trx
      .insertInto('sync_tombstones')
      .columns(['user_id', 'kind', 'id', 'revision', 'deleted_at'])
      .expression((eb) =>
        eb
          .selectFrom('entries')
          .select([
            'user_id',
            sql<TombstoneKind>`'entry'`.as('kind'),
            'id',
            sql<number>`${revision}`.as('revision'),
            sql<string>`${deletedAt}`.as('deleted_at'),
          ])
          .where('user_id', '=', userId)
          .where('location_id', '=', locationId),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'kind', 'id'])
          .doUpdateSet({ revision, deleted_at: deletedAt }),
      )
      .execute();
  },

  /** Ids deleted after the given revision. */
  async deletedSince(
    db: Executor,
    userId: string,
    since: number,
  ): Promise<{ locations: string[]; entries: string[] }> {
    const rows = await db
      .selectFrom('sync_tombstones')
      .select(['kind', 'id'])
      .where('user_id', '=', userId)
      .where('revision', '>', since)
      .orderBy('revision')
      .orderBy('id')
      .execute();
    return {
      locations: rows.filter((row) => row.kind === 'location').map((row) => row.id),
      entries: rows.filter((row) => row.kind === 'entry').map((row) => row.id),
    };
  },

  /** Each user with tombstones deleted at or before the cutoff, and the newest such revision. */
  async usersWithTombstonesBefore(
    db: Executor,
    cutoffIso: string,
  ): Promise<{ userId: string; revision: number }[]> {
    const rows = await db
      .selectFrom('sync_tombstones')
      .select((eb) => ['user_id', eb.fn.max('revision').as('revision')])
      .where('deleted_at', '<=', cutoffIso)
      .groupBy('user_id')
      .execute();
    return rows.map((row) => ({ userId: row.user_id, revision: Number(row.revision) }));
  },

  /**
   * Removes the user's tombstones deleted at or before the cutoff and up to that revision, and
   * records the revision as pruned; the revision row first, as every writer takes it.
   */
  async pruneTombstones(
    trx: DbTransaction,
    userId: string,
    cutoffIso: string,
    revision: number,
  ): Promise<number> {
    // Matches the row whatever its value, so that it is locked before any tombstone is.
    await trx
      .updateTable('sync_revisions')
      .set((eb) => ({
        pruned_revision: eb
          .case()
          .when('pruned_revision', '<', revision)
          .then(revision)
          .else(eb.ref('pruned_revision'))
          .end(),
      }))
      .where('user_id', '=', userId)
      .execute();
    const result = await trx
      .deleteFrom('sync_tombstones')
      .where('user_id', '=', userId)
      .where('deleted_at', '<=', cutoffIso)
      .where('revision', '<=', revision)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

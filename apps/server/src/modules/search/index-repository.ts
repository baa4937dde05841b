import { sql } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Executor } from '../../db/executor.ts';
import { inList } from '../../db/query-fragments.ts';
import type {
  EntriesTable,
  LocationsTable,
  SearchFindsTable,
  SearchSpotsTable,
  SearchVisitsTable,
} from '../../db/schema.ts';

/**
 * `user_id` as an expression, not a column: still every row's scope, but no index on it can be
 * chosen over the one on `location_id`. Without statistics SQLite took the user's index and
 * read all 200,000 of a user's entries for each batch of 100 locations (11 minutes at 20,000).
 */
const scopedBy = sql<string>`user_id || ''`;

/** Rows per insert: at most 7 columns each, far under either database's bound on parameters. */
const rowsPerInsert = 100;

function* slices<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += rowsPerInsert) yield rows.slice(i, i + rowsPerInsert);
}

/** The search index's writes and the journal reads that feed them; all scoped by user. */
export const searchIndexRepository = {
  /** The revision the user's index was brought up to, -1 for never. */
  async indexedRevision(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('search_state')
      .select('revision')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? Number(row.revision) : -1;
  },
  async journalRevision(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('sync_revisions')
      .select('revision')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? Number(row.revision) : 0;
  },
  /** Ids of the user's locations changed after the revision, in id order. */
  async changedLocationIds(db: Executor, userId: string, revision: number): Promise<string[]> {
    const rows = await db
      .selectFrom('locations')
      .select('id')
      .where('user_id', '=', userId)
      .where('revision', '>', revision)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  },
  /**
   * The locations and their entries, in the refresh's transaction. On PostgreSQL the locations
   * are locked until it commits: a write of one of them (an entry's change touches it too)
   * waits, so no refresh writes what another read later than it.
   */
  async locationsAndEntries(
    db: Executor,
    dialect: DialectName,
    userId: string,
    ids: readonly string[],
  ): Promise<{ locations: LocationsTable[]; entries: EntriesTable[] }> {
    const locationQuery = db
      .selectFrom('locations')
      .selectAll()
      .where(scopedBy, '=', userId)
      .where('id', 'in', inList(ids));
    const [locations, entries] = await Promise.all([
      (dialect === 'postgres' ? locationQuery.forUpdate() : locationQuery).execute(),
      db
        .selectFrom('entries')
        .selectAll()
        .where(scopedBy, '=', userId)
        .where('location_id', 'in', inList(ids))
        .execute(),
    ]);
    return { locations, entries };
  },
  /** Replaces the index rows of these locations (those deleted meanwhile lose theirs). */
  async replace(
    db: Executor,
    userId: string,
    ids: readonly string[],
    rows: { spots: SearchSpotsTable[]; visits: SearchVisitsTable[]; finds: SearchFindsTable[] },
  ): Promise<void> {
    for (const table of ['search_finds', 'search_visits', 'search_spots'] as const) {
      await db
        .deleteFrom(table)
        .where(scopedBy, '=', userId)
        .where('location_id', 'in', inList(ids))
        .execute();
    }
    // A refresh running beside another writes the same rows: the later one wins, no error.
    for (const part of slices(rows.spots)) {
      await db
        .insertInto('search_spots')
        .values(part)
        .onConflict((c) =>
          c.column('location_id').doUpdateSet((eb) => ({
            text: eb.ref('excluded.text'),
            terrain: eb.ref('excluded.terrain'),
            trees: eb.ref('excluded.trees'),
            categories: eb.ref('excluded.categories'),
            access: eb.ref('excluded.access'),
            kind: eb.ref('excluded.kind'),
            favorite: eb.ref('excluded.favorite'),
            lat: eb.ref('excluded.lat'),
            lng: eb.ref('excluded.lng'),
            newest_visit: eb.ref('excluded.newest_visit'),
          })),
        )
        .execute();
    }
    for (const part of slices(rows.visits)) {
      await db
        .insertInto('search_visits')
        .values(part)
        .onConflict((c) =>
          c.column('entry_id').doUpdateSet((eb) => ({
            date: eb.ref('excluded.date'),
            month: eb.ref('excluded.month'),
            text: eb.ref('excluded.text'),
          })),
        )
        .execute();
    }
    for (const part of slices(rows.finds)) {
      await db
        .insertInto('search_finds')
        .values(part)
        .onConflict((c) =>
          c.columns(['entry_id', 'species_key']).doUpdateSet((eb) => ({
            quantity: eb.ref('excluded.quantity'),
            unit: eb.ref('excluded.unit'),
          })),
        )
        .execute();
    }
  },
  async setIndexedRevision(db: Executor, userId: string, revision: number): Promise<void> {
    await db
      .insertInto('search_state')
      .values({ user_id: userId, revision })
      .onConflict((c) => c.column('user_id').doUpdateSet({ revision }))
      .execute();
  },
};

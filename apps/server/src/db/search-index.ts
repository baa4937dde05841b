import { sql } from 'kysely';
import { compiledOnce, compiledRows } from './compiled-once.ts';
import type { Executor } from './executor.ts';
import { inList } from './query-fragments.ts';
import type {
  EntriesTable,
  LocationsTable,
  SearchLabelsTable,
  SearchSpotsTable,
  SearchVisitsTable,
} from './schema.ts';
import { docSeparator, spotRow, visitRow } from './search-index-rows.ts';

/*
 * The search index (docs/architecture.md#search-module), written by every write of locations
 * and entries in its own transaction, like entry_finds (db/entry-finds.ts): location create,
 * update and import or restore call `spotsWritten`; entry create, import and restore
 * `visitsInserted`; entry update and species rename `visitChanged`; entry delete
 * `visitRemoved`. Deletes need nothing more: rows go with their location or entry (on delete
 * cascade), and on SQLite triggers keep the FTS5 tables (db/migrations/0012-search-index.ts).
 * `test/search-index.test.ts` holds the index equal to one built afresh after every write path.
 */

/**
 * `user_id` as an expression, not a column: still every row's scope, but no index on it can be
 * chosen over the one on `location_id` (SQLite has no statistics and would read all the user's
 * rows).
 */
const scopedBy = sql<string>`user_id || ''`;

/** Slices whose sizes are powers of two (at most `max`): few SQL texts, no repeated rows. */
function* powerSlices<T>(rows: readonly T[], max = 64): Generator<T[]> {
  let start = 0;
  while (start < rows.length) {
    let size = max;
    while (size > rows.length - start) size /= 2;
    yield rows.slice(start, start + size);
    start += size;
  }
}

type Pause = () => Promise<void>;

/** The visit's doc: its spot's text (read in the statement), then `tail` (tailOf its text). */
const docOf = (userId: string, locationId: string, tail: string) =>
  sql<string>`(select s.text from search_spots s
    where s.location_id = ${locationId} and s.user_id = ${userId}) || ${tail}`;
const tailOf = (visitText: string) => docSeparator + visitText;

/*
 * The inserts of every create, compiled once per number of rows (db/compiled-once.ts): Kysely
 * built and compiled them in about the time SQLite took to run them.
 */
const spotsQuery = compiledRows((db: Executor, spots: SearchSpotsTable[]) =>
  db
    .insertInto('search_spots')
    .values(spots)
    // Never INSERT OR REPLACE: on SQLite it would delete the row without the FTS5 trigger.
    .onConflict((c) =>
      c.column('location_id').doUpdateSet((eb) => ({
        text: eb.ref('excluded.text'),
        terrain: eb.ref('excluded.terrain'),
        access: eb.ref('excluded.access'),
        kind: eb.ref('excluded.kind'),
        favorite: eb.ref('excluded.favorite'),
        lat: eb.ref('excluded.lat'),
        lng: eb.ref('excluded.lng'),
      })),
    ),
);
const labelsQuery = compiledRows((db: Executor, labels: SearchLabelsTable[]) =>
  db.insertInto('search_labels').values(labels),
);
/** Visits as visitRow(entry, '') gives them, whose `doc` is the tail after the spot's text. */
const visitsQuery = compiledRows((db: Executor, visits: SearchVisitsTable[]) =>
  db
    .insertInto('search_visits')
    .values(visits.map((v) => ({ ...v, doc: docOf(v.user_id, v.location_id, v.doc) }))),
);

const refreshNewestQuery = compiledOnce((db: Executor, userId: string, locationId: string) =>
  db
    .updateTable('search_spots')
    .set({
      newest_visit: sql<string | null>`(select max(v.date) from search_visits v
        where v.location_id = search_spots.location_id)`,
    })
    .where(scopedBy, '=', userId)
    .where('location_id', '=', locationId),
);

const changeVisitQuery = compiledOnce(
  (db: Executor, entry: EntriesTable, row: { month: number; text: string; tail: string }) =>
    db
      .updateTable('search_visits')
      .set({
        date: entry.date,
        month: row.month,
        text: row.text,
        doc: docOf(entry.user_id, entry.location_id, row.tail),
      })
      .where('entry_id', '=', entry.id)
      .where('user_id', '=', entry.user_id),
);

/** A changed spot text reaches the docs of its visits (those already right are left alone). */
const spotDocsQuery = compiledOnce((db: Executor, userId: string, id: string, head: string) =>
  db
    .updateTable('search_visits')
    .set({ doc: sql<string>`${head} || text` })
    .where(scopedBy, '=', userId)
    .where('location_id', '=', id)
    .where('doc', '<>', sql<string>`${head} || text`),
);

async function refreshNewest(db: Executor, userId: string, ids: readonly string[]) {
  if (ids.length === 1) {
    await refreshNewestQuery(db, userId, ids[0] as string);
    return;
  }
  for (const part of powerSlices(ids)) {
    await db
      .updateTable('search_spots')
      .set({
        newest_visit: sql<string | null>`(select max(v.date) from search_visits v
          where v.location_id = search_spots.location_id)`,
      })
      .where(scopedBy, '=', userId)
      .where('location_id', 'in', inList(part))
      .execute();
  }
}

export const searchIndex = {
  /**
   * Locations just inserted or changed (their rows as now stored): their spots and labels.
   * `changed` for an update, whose visits' docs then follow a new text.
   */
  async spotsWritten(
    db: Executor,
    rows: readonly LocationsTable[],
    options: { changed?: boolean; pause?: Pause } = {},
  ): Promise<void> {
    for (const part of powerSlices(rows, 32)) {
      const built = part.map(spotRow);
      const spots = built.map(({ spot }): SearchSpotsTable => ({ ...spot, newest_visit: null }));
      await spotsQuery(db, spots);
      const ids = part.map((row) => row.id);
      const userId = part[0]?.user_id ?? '';
      if (options.changed) {
        await db
          .deleteFrom('search_labels')
          .where(scopedBy, '=', userId)
          .where('location_id', 'in', inList(ids))
          .execute();
      }
      for (const labels of powerSlices(built.flatMap((b) => b.labels))) {
        await labelsQuery(db, labels);
      }
      if (options.changed) {
        for (const { spot } of built) {
          await spotDocsQuery(db, userId, spot.location_id, spot.text + docSeparator);
        }
      }
      await options.pause?.();
    }
  },

  /** Entries just inserted, all of one user, whose spots are in the index already. */
  async visitsInserted(
    db: Executor,
    entries: readonly EntriesTable[],
    pause?: Pause,
  ): Promise<void> {
    const userId = entries[0]?.user_id;
    if (userId === undefined) return;
    for (const part of powerSlices(entries, 32)) {
      await visitsQuery(
        db,
        part.map((entry) => visitRow(entry, '')),
      );
      await pause?.();
    }
    await refreshNewest(db, userId, [...new Set(entries.map((entry) => entry.location_id))]);
    await pause?.();
  },

  /** An entry whose date or details changed (its row as now stored). */
  async visitChanged(db: Executor, entry: EntriesTable): Promise<void> {
    const row = visitRow(entry, '');
    await changeVisitQuery(db, entry, { month: row.month, text: row.text, tail: tailOf(row.text) });
    await refreshNewestQuery(db, entry.user_id, entry.location_id);
  },

  /** After an entry's delete (its visit went with it): its spot's newest visit. */
  async visitRemoved(db: Executor, userId: string, locationId: string): Promise<void> {
    await refreshNewestQuery(db, userId, locationId);
  },
};

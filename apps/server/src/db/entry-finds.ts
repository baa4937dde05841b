import { findRowsOf } from '../lib/entry-details.ts';
import { compiledRows } from './compiled-once.ts';
import type { Executor } from './executor.ts';
import type { EntriesTable, EntryFindsTable } from './schema.ts';

/** Rows per insert: 8 values each, far below either dialect's limit of bound values. */
const rowsPerInsert = 64;

/**
 * The rows, the last repeated up to the next power of two (at most rowsPerInsert): inserts of
 * any length compile to a few SQL texts, each a statement kept for the connection's life
 * (db/sqlite-kept-objects.ts), and `on conflict do nothing` writes a repeat once.
 */
function padded(rows: readonly EntryFindsTable[]): readonly EntryFindsTable[] {
  const size = rows.length <= 1 ? rows.length : 2 ** Math.ceil(Math.log2(rows.length));
  const last = rows[rows.length - 1];
  if (size === rows.length || !last) return rows;
  return [...rows, ...Array.from({ length: size - rows.length }, () => last)];
}

/** Compiled once per length (db/compiled-once.ts): building it took as long as running it. */
const insertQuery = compiledRows((db: Executor, rows: EntryFindsTable[]) =>
  db
    .insertInto('entry_finds')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing()),
);

async function insertRows(
  db: Executor,
  rows: readonly EntryFindsTable[],
  pause?: () => Promise<void>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    await insertQuery(db, padded(rows.slice(start, start + rowsPerInsert)));
    await pause?.();
  }
}

/**
 * entry_finds, derived from entries.details: every write of an entry's details or date calls
 * one of these in the same transaction (a delete needs none: the rows go with the entry by
 * on delete cascade). `test/entry-finds.test.ts` holds the two equal after every write path.
 */
export const entryFindsRepository = {
  /** The rows of entries just inserted, which have none yet. */
  insertFor(
    db: Executor,
    entries: readonly EntriesTable[],
    pause?: () => Promise<void>,
  ): Promise<void> {
    return insertRows(db, entries.flatMap(findRowsOf), pause);
  },
  /** The rows of an entry whose details or date changed. */
  async replaceFor(db: Executor, entry: EntriesTable): Promise<void> {
    await db
      .deleteFrom('entry_finds')
      .where('user_id', '=', entry.user_id)
      .where('entry_id', '=', entry.id)
      .execute();
    await insertRows(db, findRowsOf(entry));
  },
};

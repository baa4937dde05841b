import { entryFindsRepository } from '../../db/entry-finds.ts';
import { searchIndex } from '../../db/search-index.ts';
import type { Executor } from '../../db/executor.ts';
import { inList } from '../../db/query-fragments.ts';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';

/**
 * Ids per lookup: few enough bound values for SQLite and PostgreSQL alike, and padded by inList
 * to a power of two, so lookups of any length compile to a few SQL texts (each text's statement
 * is kept for the connection's life: db/sqlite-kept-objects.ts).
 */
const idsPerQuery = 512;
/** Rows per insert. */
const rowsPerInsert = 50;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Between two statements: the restore's pause, which lets other requests have their turn. */
type Pause = () => Promise<void>;

/** Who owns each of these ids in the table (any user), a chunk of ids a statement. */
async function ownersIn(
  db: Executor,
  table: 'locations' | 'entries',
  ids: readonly string[],
  pause: Pause,
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const part of chunks(ids, idsPerQuery)) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'user_id'])
      .where('id', 'in', inList(part))
      .execute();
    for (const row of rows) owners.set(row.id, row.user_id);
    await pause();
  }
  return owners;
}

/**
 * The reads and writes of a restore, a batch of spots at a time. Reads of ids are across users:
 * an id is global, and another user's must never be reused.
 */
export const restoreRepository = {
  /** Who owns each of these location ids (any user). */
  locationOwners: (db: Executor, ids: readonly string[], pause: Pause) =>
    ownersIn(db, 'locations', ids, pause),
  /** Who owns each of these entry ids (any user). */
  entryOwners: (db: Executor, ids: readonly string[], pause: Pause) =>
    ownersIn(db, 'entries', ids, pause),
  /** Which of these photo ids exist, for any user. */
  async existingPhotoIds(db: Executor, ids: readonly string[], pause: Pause) {
    const found = new Set<string>();
    for (const part of chunks(ids, idsPerQuery)) {
      const rows = await db
        .selectFrom('photos')
        .select('id')
        .where('id', 'in', inList(part))
        .execute();
      for (const row of rows) found.add(row.id);
      await pause();
    }
    return found;
  },
  async insertLocations(db: Executor, rows: readonly LocationsTable[], pause: Pause) {
    for (const part of chunks(rows, rowsPerInsert)) {
      await db.insertInto('locations').values(part).execute();
      await searchIndex.spotsWritten(db, part);
      await pause();
    }
  },
  async insertEntries(db: Executor, rows: readonly EntriesTable[], pause: Pause) {
    for (const part of chunks(rows, rowsPerInsert)) {
      await db.insertInto('entries').values(part).execute();
      await entryFindsRepository.insertFor(db, part);
      await searchIndex.visitsInserted(db, part);
      await pause();
    }
  },
  async insertPhotos(db: Executor, rows: readonly PhotosTable[], pause: Pause) {
    for (const part of chunks(rows, rowsPerInsert)) {
      await db.insertInto('photos').values(part).execute();
      await pause();
    }
  },
};

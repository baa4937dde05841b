import { entryFindsRepository } from '../../db/entry-finds.ts';
import { searchIndex } from '../../db/search-index.ts';
import type { Executor } from '../../db/executor.ts';
import { countAll, inList } from '../../db/query-fragments.ts';
import type { EntriesTable, LocationsTable } from '../../db/schema.ts';

/** Few enough bound values per statement for SQLite and PostgreSQL alike. */
const chunkSize = 500;
function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The reads and writes of an import. Reads of ids are across users: an id is global. */
export const importRepository = {
  /** Who owns each of these location ids (any user: another's id must not be reused). */
  async locationOwners(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    for (const part of chunks(ids)) {
      const rows = await db
        .selectFrom('locations')
        .select(['id', 'user_id'])
        .where('id', 'in', inList(part))
        .execute();
      for (const row of rows) owners.set(row.id, row.user_id);
    }
    return owners;
  },
  /** Which of these entry ids exist, for any user. */
  async existingEntryIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(ids)) {
      const rows = await db
        .selectFrom('entries')
        .select('id')
        .where('id', 'in', inList(part))
        .execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  },
  /**
   * The user's spots with one of these names, where they are. Past one chunk of names, every
   * spot of the user is read once and filtered here: a long `in` list scanned for each row
   * costs more than the rows (at most the locations quota).
   */
  async namedLike(
    db: Executor,
    userId: string,
    names: readonly string[],
  ): Promise<Pick<LocationsTable, 'name' | 'lat' | 'lng'>[]> {
    if (names.length === 0) return [];
    const query = db
      .selectFrom('locations')
      .select(['name', 'lat', 'lng'])
      .where('user_id', '=', userId);
    if (names.length <= chunkSize) return query.where('name', 'in', inList(names)).execute();
    const wanted = new Set(names);
    return (await query.execute()).filter((row) => wanted.has(row.name));
  },
  async countLocations(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('locations')
      .select(countAll)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  },
  /** `pace` between statements: SQLite's run synchronously, thousands of rows hold the loop. */
  async insertLocations(
    db: Executor,
    rows: readonly LocationsTable[],
    pace?: () => Promise<void>,
  ): Promise<void> {
    for (const part of chunks(rows, 50)) {
      await db.insertInto('locations').values(part).execute();
      await searchIndex.spotsWritten(db, part);
      await pace?.();
    }
  },
  async insertEntries(
    db: Executor,
    rows: readonly EntriesTable[],
    pace?: () => Promise<void>,
  ): Promise<void> {
    for (const part of chunks(rows, 50)) {
      await db.insertInto('entries').values(part).execute();
      await entryFindsRepository.insertFor(db, part);
      await searchIndex.visitsInserted(db, part);
      await pace?.();
    }
  },
};

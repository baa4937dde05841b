import type { Executor } from '../../db/executor.ts';
import { inList } from '../../db/query-fragments.ts';
import type { PhotosTable } from '../../db/schema.ts';

/** Few enough bound values per statement for SQLite and PostgreSQL alike. */
const chunkSize = 500;
function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The reads and writes of a restore that the import's repository does not have. Reads of ids are
 * across users: an id is global, and another user's must never be reused.
 */
export const restoreRepository = {
  /** Who owns each of these entry ids (any user). */
  async entryOwners(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    for (const part of chunks(ids)) {
      const rows = await db
        .selectFrom('entries')
        .select(['id', 'user_id'])
        .where('id', 'in', inList(part))
        .execute();
      for (const row of rows) owners.set(row.id, row.user_id);
    }
    return owners;
  },
  /** Which of these photo ids exist, for any user. */
  async existingPhotoIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(ids)) {
      const rows = await db
        .selectFrom('photos')
        .select('id')
        .where('id', 'in', inList(part))
        .execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  },
  async insertPhotos(db: Executor, rows: readonly PhotosTable[]): Promise<void> {
    for (const part of chunks(rows, 50)) await db.insertInto('photos').values(part).execute();
  },
};

import type { Executor } from '../../db/executor.ts';
import { inList } from '../../db/query-fragments.ts';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';

/** Where a page of entries ended: the last entry's place in their order. */
export type EntryKey = Pick<EntriesTable, 'location_id' | 'date' | 'created_at' | 'id'>;

/**
 * The reads of an export: one page of the user's locations at a time, in id order (a key that
 * never changes, so a page continues where the last one ended), then the entries of that page a
 * page at a time too (a spot may hold thousands), and those entries' photos. Every query is
 * scoped by user id.
 */
export const exportRepository = {
  /** Up to `limit` of the user's locations after `afterId`; only those in `ids` when given. */
  locationPage(
    db: Executor,
    userId: string,
    afterId: string | null,
    limit: number,
    ids?: readonly string[],
  ): Promise<LocationsTable[]> {
    let query = db.selectFrom('locations').selectAll().where('user_id', '=', userId);
    if (afterId !== null) query = query.where('id', '>', afterId);
    if (ids) query = query.where('id', 'in', inList(ids));
    return query.orderBy('id').limit(limit).execute();
  },
  /**
   * Up to `limit` entries of these locations of the user after `after`: by location in id order
   * (the locations' own order), each location's oldest first (a journal reads forwards).
   */
  entryPage(
    db: Executor,
    userId: string,
    locationIds: readonly string[],
    after: EntryKey | null,
    limit: number,
  ): Promise<EntriesTable[]> {
    if (locationIds.length === 0) return Promise.resolve([]);
    let query = db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('location_id', 'in', inList(locationIds));
    if (after) {
      query = query.where((eb) =>
        eb(
          eb.refTuple('location_id', 'date', 'created_at', 'id'),
          '>',
          eb.tuple(after.location_id, after.date, after.created_at, after.id),
        ),
      );
    }
    return query
      .orderBy('location_id')
      .orderBy('date')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  },
  /** The photos of these entries of the user, each entry's in order. */
  photosOf(db: Executor, userId: string, entryIds: readonly string[]): Promise<PhotosTable[]> {
    if (entryIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('entry_id', 'in', inList(entryIds))
      .orderBy('position')
      .orderBy('id')
      .execute();
  },
};

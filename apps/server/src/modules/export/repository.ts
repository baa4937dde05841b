import type { Executor } from '../../db/executor.ts';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';

/**
 * The reads of an export: one page of the user's locations at a time, in id order (a key that
 * never changes, so a page continues where the last one ended), then the entries and photos of
 * that page alone. Every query is scoped by user id.
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
    if (ids) query = query.where('id', 'in', ids);
    return query.orderBy('id').limit(limit).execute();
  },
  /** The entries of these locations of the user, oldest first (a journal reads forwards). */
  entriesOf(db: Executor, userId: string, locationIds: readonly string[]): Promise<EntriesTable[]> {
    if (locationIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('location_id', 'in', locationIds)
      .orderBy('date')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },
  /** The photos of the entries of these locations, each entry's in order. */
  photosOf(db: Executor, userId: string, locationIds: readonly string[]): Promise<PhotosTable[]> {
    if (locationIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('entry_id', 'in', (eb) =>
        eb
          .selectFrom('entries')
          .select('entries.id')
          .where('entries.user_id', '=', userId)
          .where('entries.location_id', 'in', locationIds),
      )
      .orderBy('position')
      .orderBy('id')
      .execute();
  },
};

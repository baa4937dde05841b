import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { Database, PhotosTable } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { inList } from '../../db/query-fragments.ts';

type PhotosQuery = SelectQueryBuilder<Database, 'photos', PhotosTable>;

/** The user's photos among the given paths: paths of other users simply do not match. */
const ownPaths =
  (userId: string, paths: readonly string[]) => (eb: ExpressionBuilder<Database, 'photos'>) =>
    eb.and([eb('user_id', '=', userId), eb('file_path', 'in', inList(paths))]);

/** An entry's photos in their order (the id only settles what no valid row needs settling). */
const inEntryOrder = (query: PhotosQuery) => query.orderBy('position').orderBy('id');

/** The photos of every entry of one location, each entry's in order: read by every entry write. */
const ofLocationQuery = compiledOnce((db: Executor, userId: string, locationId: string) =>
  db
    .selectFrom('photos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('entry_id', 'in', (eb) =>
      eb
        .selectFrom('entries')
        .select('id')
        .where('user_id', '=', userId)
        .where('location_id', '=', locationId),
    )
    .$call(inEntryOrder),
);

/** The only place that queries photos; every query of a user's data is scoped by user id. */
export const photosRepository = {
  async insert(db: Executor, row: PhotosTable): Promise<void> {
    await db.insertInto('photos').values(row).execute();
  },
  async findByPaths(
    db: Executor,
    userId: string,
    paths: readonly string[],
  ): Promise<PhotosTable[]> {
    if (paths.length === 0) return [];
    return db.selectFrom('photos').selectAll().where(ownPaths(userId, paths)).execute();
  },
  async listByUser(db: Executor, userId: string): Promise<PhotosTable[]> {
    return db.selectFrom('photos').selectAll().where('user_id', '=', userId).execute();
  },
  /** Every photo of the user's entries, each entry's in order. */
  attachedOfUser(db: Executor, userId: string): Promise<PhotosTable[]> {
    return db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('entry_id', 'is not', null)
      .$call(inEntryOrder)
      .execute();
  },
  /** The photos of every entry of the user's locations changed after the revision. */
  ofLocationsChangedSince(db: Executor, userId: string, revision: number): Promise<PhotosTable[]> {
    return db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('entry_id', 'in', (eb) =>
        eb
          .selectFrom('entries')
          .innerJoin('locations', 'locations.id', 'entries.location_id')
          .select('entries.id')
          .where('locations.user_id', '=', userId)
          .where('locations.revision', '>', revision),
      )
      .$call(inEntryOrder)
      .execute();
  },
  /** The photos of every entry of the user's locations of these ids, each entry's in order. */
  ofLocations(
    db: Executor,
    userId: string,
    locationIds: readonly string[],
  ): Promise<PhotosTable[]> {
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
          .where('entries.location_id', 'in', inList(locationIds)),
      )
      .$call(inEntryOrder)
      .execute();
  },
  /** The photos of one entry, in order. */
  ofEntry(db: Executor, userId: string, entryId: string): Promise<PhotosTable[]> {
    return db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('entry_id', '=', entryId)
      .$call(inEntryOrder)
      .execute();
  },
  /** The photos of every entry of one location, each entry's in order. */
  async ofLocation(db: Executor, userId: string, locationId: string): Promise<PhotosTable[]> {
    return (await ofLocationQuery(db, userId, locationId)).rows;
  },
  /**
   * Makes the photos the entry's own, in the order given, so no other entry can take (and
   * later delete) them.
   */
  async attachInOrder(
    db: Executor,
    userId: string,
    entryId: string,
    paths: readonly string[],
  ): Promise<void> {
    const [first, ...rest] = paths;
    if (first === undefined) return;
    await db
      .updateTable('photos')
      .set((eb) => {
        // case file_path when … then 0 when … then 1 … end: the order in one statement.
        let position = eb.case().when('file_path', '=', first).then(eb.lit<number>(0));
        rest.forEach((path, index) => {
          position = position.when('file_path', '=', path).then(eb.lit(index + 1));
        });
        return { entry_id: entryId, position: position.end() };
      })
      .where(ownPaths(userId, paths))
      .execute();
  },
  /** Bytes the user keeps in storage, attached or not: what the photo quota counts. */
  async storedBytesOf(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('photos')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number | string>('stored_bytes'), eb.lit(0)).as('total'),
      )
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },
  /**
   * Deletes every photo never attached to an entry and uploaded at or before the cutoff, in one
   * statement: a photo that an entry takes meanwhile has its entry_id set and stays.
   */
  async deleteUnattachedSince(db: Executor, cutoffIso: string): Promise<PhotosTable[]> {
    return db
      .deleteFrom('photos')
      .where('entry_id', 'is', null)
      .where('uploaded_at', '<=', cutoffIso)
      .returningAll()
      .execute();
  },
  /**
   * Deletes the entry's photos that are not among the paths it keeps, and answers them (their
   * files are the caller's to delete). Deleting the entry itself needs none of this: its photo
   * rows go with it (on delete cascade).
   */
  deleteFromEntryExcept(
    db: Executor,
    userId: string,
    entryId: string,
    keptPaths: readonly string[],
  ): Promise<PhotosTable[]> {
    return db
      .deleteFrom('photos')
      .where('user_id', '=', userId)
      .where('entry_id', '=', entryId)
      .$if(keptPaths.length > 0, (query) => query.where('file_path', 'not in', keptPaths))
      .returningAll()
      .execute();
  },
};

import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { inList, insertedRows } from '../../db/query-fragments.ts';
import type { Database, EntriesTable, PhotosTable } from '../../db/schema.ts';

type EntriesQuery = SelectQueryBuilder<Database, 'entries', EntriesTable>;

/** The user's entries: a user never reads or writes another user's. */
const ownedBy = (userId: string) => (eb: ExpressionBuilder<Database, 'entries'>) =>
  eb('user_id', '=', userId);

/** Newest first: by date, then by creation; the id settles ties, so the order never wobbles. */
const newestFirst = (query: EntriesQuery) =>
  query.orderBy('date', 'desc').orderBy('created_at', 'desc').orderBy('id');

/** A photo's columns, each as `photo_<column>` beside its entry's in ofLocationQuery. */
const photoColumns = [
  'id',
  'user_id',
  'file_path',
  'thumbnail_file_path',
  'entry_id',
  'position',
  'name',
  'size',
  'width',
  'height',
  'uploaded_at',
  'stored_bytes',
] as const satisfies readonly (keyof PhotosTable)[];
type PhotoColumn = (typeof photoColumns)[number];
/** A row of ofLocationQuery: the entry's columns, and its photo's (all null for none). */
type EntryPhotoRow = EntriesTable & Record<`photo_${PhotoColumn}`, unknown>;

/*
 * The queries of every entry create, compiled once (db/compiled-once.ts). A location's entries
 * come with their photos in one read, a row per photo (an entry without any on one row of
 * nulls): one round trip instead of two on PostgreSQL for every entry write's answer.
 */
const ofLocationQuery = compiledOnce((db: Executor, userId: string, locationId: string) =>
  db
    .selectFrom('entries')
    .leftJoin('photos', (join) =>
      join.onRef('photos.entry_id', '=', 'entries.id').on('photos.user_id', '=', userId),
    )
    .selectAll('entries')
    .select(photoColumns.map((column) => `photos.${column} as photo_${column}` as const))
    .where('entries.user_id', '=', userId)
    .where('entries.location_id', '=', locationId)
    .orderBy('entries.date', 'desc')
    .orderBy('entries.created_at', 'desc')
    .orderBy('entries.id')
    .orderBy('photos.position')
    .orderBy('photos.id'),
);

/** The entries and photos of ofLocationQuery's rows, each in the order read. */
function entriesAndPhotos(rows: readonly EntryPhotoRow[]) {
  const entries: EntriesTable[] = [];
  const photos: PhotosTable[] = [];
  for (const row of rows) {
    if (entries[entries.length - 1]?.id !== row.id) {
      const { id, location_id, user_id, date, details, created_at, updated_at, revision } = row;
      entries.push({ id, location_id, user_id, date, details, created_at, updated_at, revision });
    }
    if (row.photo_id === null) continue;
    const photo: Record<string, unknown> = {};
    for (const column of photoColumns) photo[column] = row[`photo_${column}`];
    photos.push(photo as unknown as PhotosTable);
  }
  return { entries, photos };
}
const insertIfAbsentQuery = compiledOnce((db: Executor, row: EntriesTable) =>
  db
    .insertInto('entries')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing()),
);

/** The only place that queries entries; every query of a user's data is scoped by user id. */
export const entriesRepository = {
  ofUser(db: Executor, userId: string): Promise<EntriesTable[]> {
    return db.selectFrom('entries').selectAll().where(ownedBy(userId)).$call(newestFirst).execute();
  },
  /** The entries of the user's locations changed after the revision. */
  ofLocationsChangedSince(db: Executor, userId: string, revision: number): Promise<EntriesTable[]> {
    return db
      .selectFrom('entries')
      .selectAll()
      .where(ownedBy(userId))
      .where('location_id', 'in', (eb) =>
        eb
          .selectFrom('locations')
          .select('id')
          .where('user_id', '=', userId)
          .where('revision', '>', revision),
      )
      .$call(newestFirst)
      .execute();
  },
  /** The entries of the user's locations of these ids, newest first. */
  ofLocations(
    db: Executor,
    userId: string,
    locationIds: readonly string[],
  ): Promise<EntriesTable[]> {
    if (locationIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('entries')
      .selectAll()
      .where(ownedBy(userId))
      .where('location_id', 'in', inList(locationIds))
      .$call(newestFirst)
      .execute();
  },
  /** The location's entries, newest first, and their photos, each entry's in order. */
  async ofLocationWithPhotos(
    db: Executor,
    userId: string,
    locationId: string,
  ): Promise<{ entries: EntriesTable[]; photos: PhotosTable[] }> {
    return entriesAndPhotos((await ofLocationQuery(db, userId, locationId)).rows);
  },
  find(
    db: Executor,
    userId: string,
    locationId: string,
    entryId: string,
  ): Promise<EntriesTable | undefined> {
    return db
      .selectFrom('entries')
      .selectAll()
      .where(ownedBy(userId))
      .where('location_id', '=', locationId)
      .where('id', '=', entryId)
      .executeTakeFirst();
  },
  /** Any user's row: only to tell an idempotent retry from a clash with another entry's id. */
  findOwner(
    db: Executor,
    id: string,
  ): Promise<{ user_id: string; location_id: string } | undefined> {
    return db
      .selectFrom('entries')
      .select(['user_id', 'location_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  /** Inserts unless the id exists; answers whether it inserted. */
  async insertIfAbsent(db: Executor, row: EntriesTable): Promise<boolean> {
    return insertedRows(await insertIfAbsentQuery(db, row));
  },
  async update(
    db: Executor,
    userId: string,
    entryId: string,
    changes: Partial<EntriesTable>,
  ): Promise<void> {
    await db
      .updateTable('entries')
      .set(changes)
      .where(ownedBy(userId))
      .where('id', '=', entryId)
      .execute();
  },
  async delete(db: Executor, userId: string, entryId: string): Promise<void> {
    await db.deleteFrom('entries').where(ownedBy(userId)).where('id', '=', entryId).execute();
  },
};

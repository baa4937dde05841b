import type { Kysely, Transaction } from 'kysely';
import type { Database, PhotosTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const photosRepository = {
  async insert(db: Db, row: PhotosTable): Promise<void> {
    await db.insertInto('photos').values(row).execute();
  },
  /** The user's photos among the given paths; paths of other users are simply not returned. */
  async findByPaths(db: Db, userId: string, paths: readonly string[]): Promise<PhotosTable[]> {
    if (paths.length === 0) return [];
    return db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('file_path', 'in', paths)
      .execute();
  },
  async listByUser(db: Db, userId: string): Promise<PhotosTable[]> {
    return db.selectFrom('photos').selectAll().where('user_id', '=', userId).execute();
  },
  /** Marks the photos as the entry's own, so no other entry can take (and later delete) them. */
  async attach(db: Db, userId: string, paths: readonly string[], entryId: string): Promise<void> {
    if (paths.length === 0) return;
    await db
      .updateTable('photos')
      .set({ entry_id: entryId })
      .where('user_id', '=', userId)
      .where('file_path', 'in', paths)
      .execute();
  },
  /** Bytes the user keeps in storage, attached or not: what the photo quota counts. */
  async storedBytesOf(db: Db, userId: string): Promise<number> {
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
  async deleteUnattachedSince(db: Db, cutoffIso: string): Promise<PhotosTable[]> {
    return db
      .deleteFrom('photos')
      .where('entry_id', 'is', null)
      .where('uploaded_at', '<=', cutoffIso)
      .returningAll()
      .execute();
  },
  async deleteByPaths(db: Db, userId: string, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    await db
      .deleteFrom('photos')
      .where('user_id', '=', userId)
      .where('file_path', 'in', paths)
      .execute();
  },
};

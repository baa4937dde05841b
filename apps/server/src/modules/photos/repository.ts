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
  async deleteByPaths(db: Db, userId: string, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    await db
      .deleteFrom('photos')
      .where('user_id', '=', userId)
      .where('file_path', 'in', paths)
      .execute();
  },
};

import type { Db } from '../../db/executor.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import { storedFilesOf } from './mapping.ts';
import { photosRepository } from './repository.ts';

/** What account deletion asks of the journal, before and after the user's row goes. */
export interface AccountDeletionCleanup {
  beforeDelete(userId: string): Promise<void>;
  afterDelete(userId: string): Promise<void>;
}

/**
 * The photo rows go with the user (foreign keys cascade), so their files are noted before the
 * deletion and removed once it succeeded: a failed deletion leaves every file in place.
 */
export function createAccountPhotoCleanup(deps: {
  db: Db;
  storage: PhotoStorage;
}): AccountDeletionCleanup {
  const filesOfDeletedUsers = new Map<string, string[]>();
  return {
    async beforeDelete(userId) {
      const photos = await photosRepository.listByUser(deps.db, userId);
      filesOfDeletedUsers.set(userId, storedFilesOf(photos));
    },
    async afterDelete(userId) {
      const files = filesOfDeletedUsers.get(userId) ?? [];
      filesOfDeletedUsers.delete(userId);
      await deps.storage.delete(files);
    },
  };
}

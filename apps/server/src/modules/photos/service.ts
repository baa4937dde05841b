import { randomUUID } from 'node:crypto';
import type { PhotoEntry } from '@fj/contract/photos';
import type { DialectName } from '../../db/dialect.ts';
import type { Db } from '../../db/executor.ts';
import { lockUserRow } from '../../db/row-lock.ts';
import type { PhotosTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import type { DecodeGate } from './decode-gate.ts';
import { processImage } from './image.ts';
import { toPhotoEntry } from './mapping.ts';
import { photosRepository } from './repository.ts';

export interface PhotoServiceDeps {
  db: Db;
  storage: PhotoStorage;
  signer: UrlSigner;
  maxPixels: number;
  dialect: DialectName;
  decodeGate: DecodeGate;
  /** QUOTA_PHOTO_BYTES_PER_USER. */
  maxStoredBytesPerUser: number;
}

/** Keeps what a person would recognise of the file name, and nothing that could break a header. */
function cleanName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 120);
  return cleaned || 'photo';
}

export function createPhotoService(deps: PhotoServiceDeps) {
  const { db, storage, signer, maxPixels, dialect, decodeGate, maxStoredBytesPerUser } = deps;
  const storageFull = () =>
    new AppError(
      'QUOTA_EXCEEDED',
      `Your photo storage is full (${formatBytes(maxStoredBytesPerUser)} for one account); delete some photos first`,
    );

  /** Inserts the row unless it would take the user past the quota; counted under the user's lock. */
  async function insertWithinQuota(row: PhotosTable): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await lockUserRow(trx, dialect, row.user_id);
      const used = await photosRepository.storedBytesOf(trx, row.user_id);
      if (used + row.stored_bytes > maxStoredBytesPerUser) throw storageFull();
      await photosRepository.insert(trx, row);
    });
  }

  return {
    async upload(userId: string, fileName: string | undefined, bytes: Buffer): Promise<PhotoEntry> {
      // A full account is told so before its photo takes a decode slot.
      if ((await photosRepository.storedBytesOf(db, userId)) >= maxStoredBytesPerUser) {
        throw storageFull();
      }
      const image = await decodeGate.run(() => processImage(bytes, maxPixels));
      const id = randomUUID();
      const filePath = `${userId}/${id}.webp`;
      const thumbnailFilePath = `${userId}/${id}-thumb.webp`;
      await storage.put(filePath, image.display.data, 'image/webp');
      await storage.put(thumbnailFilePath, image.thumbnail.data, 'image/webp');
      const row: PhotosTable = {
        id,
        user_id: userId,
        file_path: filePath,
        thumbnail_file_path: thumbnailFilePath,
        entry_id: null,
        position: null,
        name: cleanName(fileName),
        size: image.display.data.length,
        width: image.display.width,
        height: image.display.height,
        uploaded_at: new Date().toISOString(),
        stored_bytes: image.display.data.length + image.thumbnail.data.length,
      };
      try {
        await insertWithinQuota(row);
      } catch (error) {
        await storage.delete([filePath, thumbnailFilePath]);
        throw error;
      }
      return toPhotoEntry(row, signer);
    },
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;

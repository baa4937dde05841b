import { randomUUID } from 'node:crypto';
import type { PhotoEntry } from '@fj/contract/photos';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { processImage } from './image.ts';
import { toPhotoEntry } from './photo-entry.ts';
import { photosRepository } from './repository.ts';

export interface PhotoServiceDeps {
  db: Kysely<Database>;
  storage: PhotoStorage;
  signer: UrlSigner;
  maxPixels: number;
}

/** Keeps what a person would recognise of the file name, and nothing that could break a header. */
function cleanName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 120);
  return cleaned || 'photo';
}

export function createPhotoService({ db, storage, signer, maxPixels }: PhotoServiceDeps) {
  return {
    async upload(userId: string, fileName: string | undefined, bytes: Buffer): Promise<PhotoEntry> {
      const image = await processImage(bytes, maxPixels);
      const id = randomUUID();
      const filePath = `${userId}/${id}.webp`;
      const thumbnailFilePath = `${userId}/${id}-thumb.webp`;
      await storage.put(filePath, image.display.data, 'image/webp');
      await storage.put(thumbnailFilePath, image.thumbnail.data, 'image/webp');
      const row = {
        id,
        user_id: userId,
        file_path: filePath,
        thumbnail_file_path: thumbnailFilePath,
        entry_id: null,
        name: cleanName(fileName),
        size: image.display.data.length,
        width: image.display.width,
        height: image.display.height,
        uploaded_at: new Date().toISOString(),
      };
      try {
        await photosRepository.insert(db, row);
      } catch (error) {
        await storage.delete([filePath, thumbnailFilePath]);
        throw error;
      }
      return toPhotoEntry(row, signer);
    },
  };
}

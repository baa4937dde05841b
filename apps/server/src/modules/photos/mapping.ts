import type { PhotoEntry } from '@fj/contract/photos';
import type { PhotosTable } from '../../db/schema.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';

/** The Photo entry (docs/behaviour.md#photo-entry), with URLs signed afresh (they expire, the row does not). */
export function toPhotoEntry(row: PhotosTable, signer: UrlSigner): PhotoEntry {
  return {
    url: signer.url(row.file_path),
    thumbnailUrl: signer.url(row.thumbnail_file_path),
    filePath: row.file_path,
    thumbnailFilePath: row.thumbnail_file_path,
    name: row.name,
    size: Number(row.size),
    width: Number(row.width),
    height: Number(row.height),
    uploadedAt: row.uploaded_at,
  };
}

/** The storage keys of the photos' files: each keeps a display image and a thumbnail. */
export function storedFilesOf(
  photos: readonly Pick<PhotosTable, 'file_path' | 'thumbnail_file_path'>[],
): string[] {
  return photos.flatMap((photo) => [photo.file_path, photo.thumbnail_file_path]);
}

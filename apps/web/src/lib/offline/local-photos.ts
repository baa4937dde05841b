import { photoLimits, type PhotoEntry } from '@fj/contract/photos';
import { uploadPhoto } from '../api/photo-upload.ts';
import { askPersistentStorage, ensureRoomFor } from './storage-quota.ts';
import type { JournalDb, LocalPhoto } from './journal-db.ts';

/** A photo kept on the device names its file so; the server never sees such a path. */
const LOCAL_PREFIX = 'local:';

export const isLocalPhoto = (photo: { filePath?: unknown }): boolean =>
  typeof photo.filePath === 'string' && photo.filePath.startsWith(LOCAL_PREFIX);
const localId = (photo: { filePath?: unknown }) =>
  String(photo.filePath).slice(LOCAL_PREFIX.length);

/** A thumbnail made on the device (createImageBitmap and a canvas), or none where it cannot. */
async function thumbnailOf(
  file: Blob,
): Promise<{ blob: Blob | null; width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = bitmap;
    const scale = Math.min(1, photoLimits.thumbnailMaxSide / Math.max(width, height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.8),
    );
    return { blob, width, height };
  } catch {
    return { blob: null, width: 0, height: 0 };
  }
}

export type LocalPhotos = ReturnType<typeof createLocalPhotos>;

/**
 * Photos picked while offline (docs/behaviour.md#offline-photos): kept in the user's IndexedDB
 * (their bytes) with a thumbnail, shown through object URLs, uploaded when their entry is replayed.
 */
export function createLocalPhotos(open: () => Promise<JournalDb | null>) {
  const urls = new Map<string, { url: string; thumbnailUrl: string }>();

  function showUrls(record: LocalPhoto) {
    const known = urls.get(record.id);
    if (known) return known;
    const url = URL.createObjectURL(new Blob([record.bytes], { type: record.type }));
    const thumbnail = record.thumbnail && new Blob([record.thumbnail], { type: 'image/jpeg' });
    const made = { url, thumbnailUrl: thumbnail ? URL.createObjectURL(thumbnail) : url };
    urls.set(record.id, made);
    return made;
  }

  return {
    /** Keeps the file on the device and answers a photo entry that stands for it until uploaded. */
    async keep(file: File): Promise<PhotoEntry> {
      const db = await open();
      if (!db) throw new Error('This device cannot keep photos offline');
      // The file, its thumbnail and some room to spare; the browser is asked to keep them.
      await ensureRoomFor(file.size * 1.2);
      void askPersistentStorage();
      const thumbnail = await thumbnailOf(file);
      const record: LocalPhoto = {
        id: crypto.randomUUID(),
        bytes: await file.arrayBuffer(),
        name: file.name,
        type: file.type,
        thumbnail: thumbnail.blob ? await thumbnail.blob.arrayBuffer() : null,
      };
      await db.put('photos', record);
      const shown = showUrls(record);
      return {
        ...shown,
        filePath: `${LOCAL_PREFIX}${record.id}`,
        thumbnailFilePath: `${LOCAL_PREFIX}${record.id}`,
        name: file.name,
        size: file.size,
        width: thumbnail.width,
        height: thumbnail.height,
        uploadedAt: new Date().toISOString(),
      };
    },

    /** The object URLs of every kept photo, made again after a restart. */
    async restore(): Promise<void> {
      const db = await open();
      for (const record of (await db?.getAll('photos')) ?? []) showUrls(record);
    },

    /** A kept photo as the screen shows it now (its object URLs die with the page). */
    shown<T extends { filePath?: unknown }>(photo: T): T {
      if (!isLocalPhoto(photo)) return photo;
      const known = urls.get(localId(photo));
      return known ? { ...photo, ...known } : photo;
    },

    /** The server's photo for a kept one: uploaded now, or the answer of an earlier upload. */
    async upload(photo: { filePath?: unknown }): Promise<PhotoEntry> {
      const db = await open();
      const record = await db?.get('photos', localId(photo));
      if (!db || !record) throw new Error('A photo kept on this device is missing');
      if (record.uploaded) return record.uploaded;
      const file = new File([record.bytes], record.name, { type: record.type });
      const uploaded = await uploadPhoto(file, () => undefined);
      await db.put('photos', { ...record, uploaded });
      return uploaded;
    },

    /** The entry that held them reached the server (or was discarded): the files go. */
    async forget(photos: readonly { filePath?: unknown }[]): Promise<void> {
      const db = await open();
      for (const photo of photos.filter(isLocalPhoto)) {
        const id = localId(photo);
        const known = urls.get(id);
        if (known) {
          URL.revokeObjectURL(known.url);
          if (known.thumbnailUrl !== known.url) URL.revokeObjectURL(known.thumbnailUrl);
          urls.delete(id);
        }
        await db?.delete('photos', id);
      }
    },
  };
}

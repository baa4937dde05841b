import type { PhotoEntry } from '@fj/contract/photos';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { uploadPhoto } from '../../lib/api/photo-upload.ts';
import { networkState } from '../../lib/offline/network-state.ts';
import { StorageFullError } from '../../lib/offline/storage-quota.ts';
import { isNoResponse } from '../../lib/offline/no-response.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { uploadErrorMessage } from './upload-messages.ts';
import { createUploadQueue, type Uploader } from './upload-queue.ts';

/**
 * Uploads now, or, with no connection (offline, or no answer), keeps the photo on the device:
 * it shows at once and goes up with its entry (docs/behaviour.md#offline-photos).
 */
const uploadOrKeep: Uploader = async (file, onProgress, signal) => {
  const keep = () => useJournalStore.getState().keepPhotoOffline(file);
  if (!networkState().isOnline()) return keep();
  try {
    return await uploadPhoto(file, onProgress, signal);
  } catch (error) {
    if (!isNoResponse(error)) throw error;
    // A device that cannot keep it says what went wrong with the upload (unless it is room).
    return keep().catch((keeping: unknown) => {
      throw keeping instanceof StorageFullError ? keeping : error;
    });
  }
};

export const PARALLEL_UPLOADS = 3;

/** One upload queue per form, seeded with the entry's saved photos; closed forms stop uploading. */
export function usePhotoUploads(initial: readonly PhotoEntry[]) {
  const [queue] = useState(() =>
    createUploadQueue({
      upload: uploadOrKeep,
      limit: PARALLEL_UPLOADS,
      describeError: uploadErrorMessage,
      initial,
    }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  useEffect(() => () => queue.abortAll(), [queue]);
  return { items, queue };
}

import type { PhotoEntry } from '@fj/contract/photos';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { uploadPhoto } from '../../lib/api/photo-upload.ts';
import { uploadErrorMessage } from './upload-messages.ts';
import { createUploadQueue } from './upload-queue.ts';

export const PARALLEL_UPLOADS = 3;

/** One upload queue per form, seeded with the entry's saved photos; closed forms stop uploading. */
export function usePhotoUploads(initial: readonly PhotoEntry[]) {
  const [queue] = useState(() =>
    createUploadQueue({
      upload: uploadPhoto,
      limit: PARALLEL_UPLOADS,
      describeError: uploadErrorMessage,
      initial,
    }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  useEffect(() => () => queue.abortAll(), [queue]);
  return { items, queue };
}

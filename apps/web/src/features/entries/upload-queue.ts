import type { PhotoEntry } from '@fj/contract/photos';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  status: UploadStatus;
  /** 0…1 while uploading. */
  progress: number;
  photo: PhotoEntry | null;
  error: string | null;
}

export type Uploader = (
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<PhotoEntry>;

interface Options {
  upload: Uploader;
  /** At most this many uploads at once: a phone on one bar of signal chokes on more. */
  limit: number;
  describeError(error: unknown): string;
  initial?: readonly PhotoEntry[];
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The photos of one entry form: ones already saved, and new files uploading in parallel up to
 * `limit`. Framework-free, so React reads it with useSyncExternalStore and tests drive it directly.
 */
export function createUploadQueue({ upload, limit, describeError, initial = [] }: Options) {
  let counter = 0;
  const nextKey = () => `photo-${(counter += 1)}`;
  let items: UploadItem[] = initial.map((photo) => ({
    key: nextKey(),
    name: photo.name,
    status: 'done',
    progress: 1,
    photo,
    error: null,
  }));
  const files = new Map<string, File>();
  const running = new Map<string, AbortController>();
  const listeners = new Set<() => void>();

  function patch(key: string, change: Partial<UploadItem>) {
    items = items.map((item) => (item.key === key ? { ...item, ...change } : item));
    for (const listener of listeners) listener();
  }

  async function run(key: string, file: File) {
    const controller = new AbortController();
    running.set(key, controller);
    patch(key, { status: 'uploading', progress: 0, error: null });
    try {
      const photo = await upload(
        file,
        (progress) => {
          if (!controller.signal.aborted) patch(key, { progress });
        },
        controller.signal,
      );
      if (!controller.signal.aborted) patch(key, { status: 'done', progress: 1, photo });
    } catch (error) {
      if (!isAbort(error) && !controller.signal.aborted)
        patch(key, { status: 'failed', error: describeError(error) });
    } finally {
      running.delete(key);
      pump();
    }
  }

  function pump() {
    for (const item of items) {
      if (running.size >= limit) return;
      const file = files.get(item.key);
      if (item.status === 'queued' && file) void run(item.key, file);
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => items,
    add(newFiles: readonly File[]) {
      const added = newFiles.map((file) => {
        const key = nextKey();
        files.set(key, file);
        const item: UploadItem = {
          key,
          name: file.name,
          status: 'queued',
          progress: 0,
          photo: null,
          error: null,
        };
        return item;
      });
      items = [...items, ...added];
      for (const listener of listeners) listener();
      pump();
    },
    retry(key: string) {
      patch(key, { status: 'queued', progress: 0, error: null });
      pump();
    },
    remove(key: string) {
      running.get(key)?.abort();
      files.delete(key);
      items = items.filter((item) => item.key !== key);
      for (const listener of listeners) listener();
      pump();
    },
    /** Stops uploads under way (the form closed); their files are not kept. */
    abortAll() {
      for (const controller of running.values()) controller.abort();
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;

export const isBusy = (items: readonly UploadItem[]) =>
  items.some((item) => item.status === 'queued' || item.status === 'uploading');

export const donePhotos = (items: readonly UploadItem[]): PhotoEntry[] =>
  items.flatMap((item) => (item.status === 'done' && item.photo ? [item.photo] : []));

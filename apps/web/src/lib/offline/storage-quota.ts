/** The parts of navigator.storage this module uses; absent in older browsers and some WebViews. */
export type StorageManagerLike = Partial<Pick<StorageManager, 'estimate' | 'persist'>>;

const deviceStorage = (): StorageManagerLike | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.storage;

/** The write would not fit in what the browser lets this site keep. Its message is for the user. */
export class StorageFullError extends Error {
  constructor(
    readonly neededBytes: number,
    readonly freeBytes: number,
  ) {
    super(
      `Not enough storage on this device: ${megabytes(neededBytes, Math.ceil)} MB needed, ${megabytes(freeBytes, Math.floor)} MB free`,
    );
    this.name = 'StorageFullError';
  }
}

/**
 * Whole megabytes for the message: what is needed rounded up and what is free rounded down, so
 * the message never reads "3 MB needed, 3 MB free".
 */
function megabytes(bytes: number, round: (n: number) => number): number {
  return Math.max(0, round(bytes / 1_000_000));
}

let persistAsked: Promise<boolean> | null = null;

/**
 * Asks the browser once per page to keep this site's data (the local journal, queued writes and
 * photos) under storage pressure instead of evicting it. Answers whether it will;
 * false where the API is absent or refuses, which is no error: the data is then kept as long as
 * the browser allows.
 */
export function askPersistentStorage(storage = deviceStorage()): Promise<boolean> {
  persistAsked ??= (async () => {
    if (!storage?.persist) return false;
    try {
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return persistAsked;
}

/**
 * Throws a StorageFullError when writing `bytes` more would exceed the site's quota
 * (navigator.storage.estimate()), before anything is written, so a photo kept for later never
 * half-fits. A no-op where the browser cannot estimate.
 */
export async function ensureRoomFor(bytes: number, storage = deviceStorage()): Promise<void> {
  if (!storage?.estimate) return;
  let estimate: StorageEstimate;
  try {
    estimate = await storage.estimate();
  } catch {
    return; // cannot tell: let the write try, and fail on its own if it must
  }
  if (estimate.quota === undefined) return;
  const free = estimate.quota - (estimate.usage ?? 0);
  if (bytes > free) throw new StorageFullError(bytes, free);
}

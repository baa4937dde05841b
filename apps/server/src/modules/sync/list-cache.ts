import { LRUCache } from 'lru-cache';

/**
 * The serialized GET /locations answer of each user, with the version it was made for (the
 * user's revision and the photo-signing day). An entry is valid only while the version it names
 * is the current one, which one indexed read tells, so writes need not reach the cache: a write
 * anywhere, on this server or another sharing the database, raises the revision and the old
 * entry is simply never matched again (and is replaced on the next read).
 */
export interface ListCache {
  /** LOCATIONS_CACHE_MB in bytes (the sync service keeps answers of up to a quarter of it). */
  readonly maxBytes: number;
  get(userId: string, version: string): Buffer | undefined;
  set(userId: string, version: string, body: Buffer): void;
  /** Frees a user's entry at once (a deleted account). */
  forget(userId: string): void;
  /** Frees every entry (forgets from other servers may have been missed). */
  clear(): void;
  /** Whether an entry for the user is held, whatever its version (tests). */
  holds(userId: string): boolean;
}

interface Held {
  version: string;
  body: Buffer;
}

/** Bounded by bytes (LOCATIONS_CACHE_MB): the least recently read go first. 0 keeps nothing. */
export function createListCache(maxBytes: number): ListCache {
  if (maxBytes <= 0) {
    return {
      maxBytes: 0,
      get: () => undefined,
      set: () => {},
      forget: () => {},
      clear: () => {},
      holds: () => false,
    };
  }
  const held = new LRUCache<string, Held>({
    maxSize: maxBytes,
    // The body, and about what the key and version take beside it.
    sizeCalculation: (entry) => entry.body.length + 128,
  });
  return {
    maxBytes,
    get(userId, version) {
      const entry = held.get(userId);
      return entry?.version === version ? entry.body : undefined;
    },
    set(userId, version, body) {
      // An answer bigger than the whole budget is not kept (lru-cache refuses it).
      held.set(userId, { version, body });
    },
    forget: (userId) => void held.delete(userId),
    clear: () => held.clear(),
    holds: (userId) => held.has(userId),
  };
}

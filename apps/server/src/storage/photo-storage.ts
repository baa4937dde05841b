import type { Readable } from 'node:stream';

/** Where photo bytes live: a local folder or an S3-compatible bucket, chosen once in config. */
export interface PhotoStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when no such object exists. */
  get(key: string): Promise<Readable | null>;
  delete(keys: readonly string[]): Promise<void>;
}

/** Keys are made by the server as `{userId}/{photoId}[-thumb].webp`; anything else is refused. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.webp$/.test(key);
}

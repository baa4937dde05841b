import type { Readable } from 'node:stream';

/** Where photo bytes live: a local folder or an S3-compatible bucket, chosen once in config. */
export interface PhotoStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when no such object exists. */
  get(key: string): Promise<Readable | null>;
  /**
   * Deletes every key it can (a missing key counts as deleted), then throws a StorageDeleteError
   * naming each key the store refused.
   */
  delete(keys: readonly string[]): Promise<void>;
}

/** Keys are made by the server as `{userId}/{photoId}[-thumb].webp`; anything else is refused. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.webp$/.test(key);
}

export interface StorageDeleteFailure {
  key: string;
  /** The store's reason, such as S3's `AccessDenied`. */
  code: string;
}

/** Some keys could not be deleted; the others were. */
export class StorageDeleteError extends Error {
  readonly failures: readonly StorageDeleteFailure[];

  constructor(failures: readonly StorageDeleteFailure[]) {
    const listed = failures.map(({ key, code }) => `${key} (${code})`);
    super(`could not delete ${failures.length} stored file(s): ${listed.join(', ')}`);
    this.name = 'StorageDeleteError';
    this.failures = failures;
  }
}

import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Journal data is for the server's own user only: other local users read nothing. */
export const privateDirMode = 0o700;
export const privateFileMode = 0o600;

/**
 * Creates the folder (and its parents) for the owner only, and narrows it if an older version
 * made it readable by others. False when the folder is not ours to change (a mounted volume).
 */
export function makePrivateDir(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: privateDirMode });
  try {
    chmodSync(dir, privateDirMode);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates the file empty for the owner only, or narrows an existing one, so whatever opens it
 * next (SQLite, which gives its -wal and -shm files the database file's mode) starts private.
 */
export function makePrivateFile(file: string): void {
  if (existsSync(file)) chmodSync(file, privateFileMode);
  else closeSync(openSync(file, 'a', privateFileMode));
}

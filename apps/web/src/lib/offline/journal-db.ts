import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import type { OutboxItem } from './outbox-ops.ts';

/** A photo picked offline: the file and its thumbnail, kept until the entry's replay uploads it. */
export interface LocalPhoto {
  id: string;
  /** The file's bytes: an ArrayBuffer survives every IndexedDB (older WebKit lost Blobs). */
  bytes: ArrayBuffer;
  name: string;
  type: string;
  thumbnail: ArrayBuffer | null;
  /** The server's photo once uploaded, so a replay cut off after the upload does not repeat it. */
  uploaded?: PhotoEntry;
}

/**
 * One database per signed-in user (docs/architecture.md#local-copy): `locations` holds the
 * server's locations as last read (entries inside), `meta` the sync cursor, the time of the
 * last sync and the server's preference lists, `outbox` the writes waiting for the server.
 */
export interface JournalDbSchema extends DBSchema {
  locations: { key: string; value: Location };
  meta: { key: string; value: unknown };
  outbox: { key: number; value: OutboxItem };
  photos: { key: string; value: LocalPhoto };
}

export type JournalDb = IDBPDatabase<JournalDbSchema>;

const DB_PREFIX = 'fj-journal-';
const DB_VERSION = 1;
export const journalDbName = (uid: string) => `${DB_PREFIX}${uid}`;

/** Null where the platform has no IndexedDB (the app then keeps the journal in memory only). */
export async function openJournalDb(uid: string): Promise<JournalDb | null> {
  if (typeof indexedDB === 'undefined') return null;
  return openDB<JournalDbSchema>(journalDbName(uid), DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('locations');
      db.createObjectStore('meta');
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('photos', { keyPath: 'id' });
    },
  });
}

/**
 * Whether `uid`'s database exists, without opening it (which would make it): false on a device
 * the user's copy was never made on. True where the platform cannot tell (an older WebView).
 */
export async function journalDbExists(uid: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === journalDbName(uid));
}

/** Logout: the user's copy goes, outbox included (the sign-out question asked first). */
export async function deleteJournalDb(uid: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await deleteDB(journalDbName(uid));
}

import { unwrap } from 'idb';
import { withFinds } from '@fj/contract/finds-write';
import type { Location } from '@fj/contract/locations';
import type { SavedSearch } from '@fj/contract/saved-searches';
import { afterFirstScreen, FIRST_SCREEN_WAIT_MS } from './first-screen.ts';
import { keptSearches, SEARCHES_KEY } from './kept-searches.ts';
import { deleteJournalDb, journalDbExists, openJournalDb, type JournalDb } from './journal-db.ts';

/** What the device holds of one user's journal (docs/architecture.md#local-copy). */
export interface LocalJournal {
  locations: Location[];
  cursor: string | null;
  /** Date.now() of the last answer from the server that the copy took. */
  syncedAt: number | null;
  /** The preference lists as the server last gave them (the species slice's reading). */
  serverLists: unknown;
  /** The saved searches as the server last gave them; undefined when never read. */
  savedSearches: SavedSearch[] | undefined;
}

const META = { cursor: 'cursor', syncedAt: 'syncedAt', serverLists: 'serverLists' } as const;

/**
 * A location kept before entries had finds: the server's migration made each species a find
 * without a quantity, and sends again only the entries it changed (those with species).
 */
function withEntryFinds(location: Location): Location {
  const kept = location.entries as (Location['entries'][number] & { finds?: unknown })[];
  if (kept.every((entry) => Array.isArray(entry.finds))) return location;
  return { ...location, entries: location.entries.map(withFinds) };
}

/** A copy with no sync stored yet holds no journal, and so no cursor to continue from. */
const cursorOf = (cursor: unknown, syncedAt: unknown): string | null =>
  syncedAt !== undefined && typeof cursor === 'string' ? cursor : null;

/**
 * The cursor `uid`'s copy continues from (as `load` reads it), through a connection of its own,
 * closed after: the start-up sends the journal's first read early from it (app/start-up.ts),
 * before the store and the whole copy are loaded. Null without IndexedDB.
 */
export async function readStoredCursor(uid: string): Promise<string | null> {
  // A device without the copy (a first visit) answers at once: the database is not made here.
  if (!(await journalDbExists(uid))) return null;
  const handle = await openJournalDb(uid);
  if (!handle) return null;
  try {
    const meta = handle.transaction('meta', 'readonly').store;
    const [cursor, syncedAt] = await Promise.all([meta.get(META.cursor), meta.get(META.syncedAt)]);
    return cursorOf(cursor, syncedAt);
  } finally {
    handle.close();
  }
}

/**
 * Whether this device holds `uid`'s journal: a copy that has taken a sync from the server
 * (the start screen offers it offline only then, docs/behaviour.md#offline-start). False
 * without IndexedDB; the database is not made here.
 */
export async function holdsJournal(uid: string): Promise<boolean> {
  if (!(await journalDbExists(uid))) return false;
  const handle = await openJournalDb(uid);
  if (!handle) return false;
  try {
    return (await handle.transaction('meta', 'readonly').store.get(META.syncedAt)) !== undefined;
  } finally {
    handle.close();
  }
}

/**
 * The locations that differ between two lists of the store: `applySyncAnswer` keeps the objects
 * it did not touch, so a changed location is one whose object is new. A whole answer is
 * written as it is.
 */
function differences(before: readonly Location[], after: readonly Location[]) {
  const kept = new Set(before);
  const changed = after.filter((location) => !kept.has(location));
  const present = new Set(after.map((location) => location.id));
  const removed = before.filter((location) => !present.has(location.id)).map((l) => l.id);
  return { changed, removed };
}

/**
 * A write of this many locations or more (a first answer, a full sync) waits for the first
 * screen to be drawn (first-screen.ts). A user's own change (a few locations) does not wait for
 * it, only for the writes queued before it, as every write does.
 */
export const LARGE_WRITE = 500;
/** Requests made in one go before the main thread gets a turn (see writeLocations). */
export const WRITE_BATCH = 250;

/**
 * The changes and the meta values in ONE transaction, so a crash leaves all or nothing, made in
 * batches: the next batch is made from the success event of the previous batch's last request
 * (the only place a transaction takes new requests once it was handed back), so the page's
 * other work (MapLibre's frames) runs between batches. Plain IndexedDB requests, not idb's
 * promise per request: 10,000 of those cost more than the writes.
 */
async function writeLocations(
  handle: JournalDb,
  removed: readonly string[],
  changed: readonly Location[],
  meta: readonly (readonly [string, unknown])[],
): Promise<void> {
  const tx = handle.transaction(['locations', 'meta'], 'readwrite');
  const locations = unwrap(tx.objectStore('locations'));
  const metaStore = unwrap(tx.objectStore('meta'));
  const total = removed.length + changed.length;
  let next = 0;
  // A location IndexedDB cannot store throws at its put: the whole transaction goes back.
  let failure: unknown = null;
  const batch = () => {
    try {
      const end = Math.min(next + WRITE_BATCH, total);
      let last: IDBRequest | null = null;
      for (; next < end; next++) {
        if (next < removed.length) last = locations.delete(removed[next] as string);
        else {
          const location = changed[next - removed.length] as Location;
          last = locations.put(location, location.id);
        }
      }
      if (next < total && last) last.onsuccess = batch;
      else for (const [key, value] of meta) metaStore.put(value, key);
    } catch (error) {
      failure = error;
      unwrap(tx).abort();
    }
  };
  batch();
  try {
    await tx.done;
  } catch (error) {
    throw failure ?? error;
  }
}

export type LocalCopy = ReturnType<typeof createLocalCopy>;

/**
 * One user's local copy. Writes are queued one after another, so they land in the order they
 * were made, and each is one IndexedDB transaction: a crash leaves the copy as it was before
 * the write or after it, never half of a sync answer. Without IndexedDB every call is a no-op.
 */
export function createLocalCopy(
  uid: string,
  /** What a large write waits for (tests give their own). */
  quietMoment: () => Promise<void> = () => afterFirstScreen(FIRST_SCREEN_WAIT_MS),
) {
  let db: Promise<JournalDb | null> | null = null;
  let writes: Promise<unknown> = Promise.resolve();
  const open = () => (db ??= openJournalDb(uid).catch(logged('open', null)));

  function logged<T>(what: string, fallback: T) {
    return (error: unknown) => {
      console.warn(`Local copy: could not ${what}`, error);
      return fallback;
    };
  }

  function write(what: string, run: (db: JournalDb) => Promise<void>): Promise<void> {
    const next = writes.then(async () => {
      const handle = await open();
      if (handle) await run(handle);
    });
    writes = next.catch(logged(what, undefined));
    return writes.then(() => undefined);
  }

  return {
    uid,
    open,

    /** Everything the device holds, or null when nothing was ever stored (or no IndexedDB). */
    async load(): Promise<LocalJournal | null> {
      const handle = await open();
      if (!handle) return null;
      try {
        const tx = handle.transaction(['locations', 'meta'], 'readonly');
        const meta = tx.objectStore('meta');
        const [locations, cursor, syncedAt, serverLists, searches] = await Promise.all([
          tx.objectStore('locations').getAll(),
          meta.get(META.cursor),
          meta.get(META.syncedAt),
          meta.get(META.serverLists),
          meta.get(SEARCHES_KEY),
        ]);
        if (syncedAt === undefined) return null;
        return {
          locations: locations.map(withEntryFinds),
          cursor: cursorOf(cursor, syncedAt),
          syncedAt: typeof syncedAt === 'number' ? syncedAt : null,
          serverLists,
          savedSearches: keptSearches(searches),
        };
      } catch (error) {
        return logged('read', null)(error);
      }
    },

    /**
     * The server's list after a read or a write, with the cursor it continues from: only the
     * locations that changed are written, in one transaction with the cursor.
     */
    saveLocations(
      before: readonly Location[],
      after: readonly Location[],
      cursor: string | null,
      syncedAt: number | null,
    ): Promise<void> {
      const { changed, removed } = differences(before, after);
      const large = changed.length + removed.length >= LARGE_WRITE;
      const meta: [string, unknown][] = [[META.cursor, cursor]];
      if (syncedAt !== null) meta.push([META.syncedAt, syncedAt]);
      return write('save the locations', async (handle) => {
        if (large) await quietMoment();
        await writeLocations(handle, removed, changed, meta);
      });
    },

    saveServerLists(lists: unknown): Promise<void> {
      return write('save the preference lists', async (handle) => {
        await handle.put('meta', lists, META.serverLists);
      });
    },

    saveSearches(searches: readonly SavedSearch[]): Promise<void> {
      return write('save the saved searches', async (handle) => {
        await handle.put('meta', searches, SEARCHES_KEY);
      });
    },

    /** Waits for the writes made so far (tests, logout). */
    settled: () => writes.then(() => undefined),

    /** Logout: the database goes once the writes under way have landed. */
    async destroy(): Promise<void> {
      await writes.catch(() => undefined);
      const handle = await (db ?? Promise.resolve(null));
      handle?.close();
      db = null;
      await deleteJournalDb(uid);
    },
  };
}

import type { Location } from '@fj/contract/locations';
import { deleteJournalDb, openJournalDb, type JournalDb } from './journal-db.ts';

/** What the device holds of one user's journal (docs/architecture.md#local-copy). */
export interface LocalJournal {
  locations: Location[];
  cursor: string | null;
  /** Date.now() of the last answer from the server that the copy took. */
  syncedAt: number | null;
  /** The preference lists as the server last gave them (the species slice's reading). */
  serverLists: unknown;
}

const META = { cursor: 'cursor', syncedAt: 'syncedAt', serverLists: 'serverLists' } as const;

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

export type LocalCopy = ReturnType<typeof createLocalCopy>;

/**
 * One user's local copy. Writes are queued one after another, so they land in the order they
 * were made, and each is one IndexedDB transaction: a crash leaves the copy as it was before
 * the write or after it, never half of a sync answer. Without IndexedDB every call is a no-op.
 */
export function createLocalCopy(uid: string) {
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
        const [locations, cursor, syncedAt, serverLists] = await Promise.all([
          tx.objectStore('locations').getAll(),
          tx.objectStore('meta').get(META.cursor),
          tx.objectStore('meta').get(META.syncedAt),
          tx.objectStore('meta').get(META.serverLists),
        ]);
        if (syncedAt === undefined) return null;
        return {
          locations,
          cursor: typeof cursor === 'string' ? cursor : null,
          syncedAt: typeof syncedAt === 'number' ? syncedAt : null,
          serverLists,
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
      return write('save the locations', async (handle) => {
        const tx = handle.transaction(['locations', 'meta'], 'readwrite');
        const locations = tx.objectStore('locations');
        const meta = tx.objectStore('meta');
        const puts: Promise<unknown>[] = [
          ...removed.map((id) => locations.delete(id)),
          ...changed.map((location) => locations.put(location, location.id)),
          meta.put(cursor, META.cursor),
        ];
        if (syncedAt !== null) puts.push(meta.put(syncedAt, META.syncedAt));
        await Promise.all([...puts, tx.done]);
      });
    },

    saveServerLists(lists: unknown): Promise<void> {
      return write('save the preference lists', async (handle) => {
        await handle.put('meta', lists, META.serverLists);
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

import { LRUCache } from 'lru-cache';
import type { PreferencesTable } from '../../db/schema.ts';

export interface PreferencesRowCache {
  /**
   * Reads the row with `load` unless it is known, and remembers what it read unless a write
   * ended while it read (that row may be older than the write).
   */
  through(userId: string, load: () => Promise<PreferencesTable>): Promise<PreferencesTable>;
  /** The row if it is kept, without reading anything. */
  known(userId: string): PreferencesTable | undefined;
  /** After every write that has committed: the next read goes to the database. */
  forget(userId: string): void;
}

/** Bytes a row holds, about: its text columns (the lists can be large). */
const sizeOf = (row: PreferencesTable) =>
  row.custom_species_categories.length +
  row.custom_species.length +
  row.custom_terrain_types.length +
  row.custom_tree_types.length +
  row.name.length +
  row.email.length +
  200;

/**
 * Each user's preferences record as last read, least recently used going first past `maxBytes`:
 * the app reads its preferences on every start and refresh, and the query cost more than the
 * rest of that answer. Only this process writes the database it is used for (see
 * createPreferencesService), so forgetting a row after each write keeps it true.
 */
export function createPreferencesRowCache(maxBytes = 16 * 1024 * 1024): PreferencesRowCache {
  const rows = new LRUCache<string, PreferencesTable>({
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
  });
  // Counts committed writes: a read that began before one ended keeps its row to itself.
  let writes = 0;
  return {
    async through(userId, load) {
      const known = rows.get(userId);
      if (known) return known;
      const before = writes;
      const row = await load();
      if (writes === before) rows.set(userId, row);
      return row;
    },
    known: (userId) => rows.get(userId),
    forget(userId) {
      writes += 1;
      rows.delete(userId);
    },
  };
}

import type { PersistOptions, PersistStorage, StorageValue } from 'zustand/middleware';
import { tidyCategoryMap, tidyLabels } from '../lib/labels.ts';
import { DEFAULT_TERRAIN_OPTIONS, DEFAULT_TREE_OPTIONS } from './journal-defaults.ts';
import type { JournalState, OptionLists } from './journal-types.ts';

/** docs/behaviour.md#local-storage: the store's key and version in local storage. */
export const STORE_KEY = 'foraging-journal-store';
export const STORE_VERSION = 2;

/** docs/behaviour.md#local-storage: only these three are kept in local storage. */
export type PersistedJournal = Pick<
  JournalState,
  'speciesCategories' | 'terrainOptions' | 'treeOptions'
>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
/** The custom list of stored option lists, or null when the shape is wrong. */
const customOf = (value: unknown): string[] | null =>
  isRecord(value) && isStringList(value.custom) ? value.custom : null;

function removeStored(): void {
  try {
    localStorage.removeItem(STORE_KEY);
  } catch (error) {
    console.warn('Could not clear the stored journal', error);
  }
}

/** The default lists come from the code, so a newer app version's defaults always show. */
const options = (defaults: readonly string[], custom: string[]): OptionLists => ({
  default: [...defaults],
  custom: tidyLabels(custom),
});

/** Stored data in the right shape, tidied; null when it is not usable. */
function sanitize(value: unknown): PersistedJournal | null {
  if (!isRecord(value)) return null;
  const { speciesCategories } = value;
  const terrain = customOf(value.terrainOptions);
  const trees = customOf(value.treeOptions);
  if (!isRecord(speciesCategories) || !terrain || !trees) return null;
  if (!Object.values(speciesCategories).every(isStringList)) return null;
  return {
    speciesCategories: tidyCategoryMap(Object.keys(speciesCategories), speciesCategories),
    terrainOptions: options(DEFAULT_TERRAIN_OPTIONS, terrain),
    treeOptions: options(DEFAULT_TREE_OPTIONS, trees),
  };
}

/**
 * localStorage with JSON, where a read that fails (unparsable text, storage denied) clears the
 * stored copy and answers "nothing stored", so the store starts from its defaults (docs/behaviour.md#start-up).
 */
export const journalStorage: PersistStorage<PersistedJournal> = {
  getItem(name) {
    try {
      const text = localStorage.getItem(name);
      if (text === null) return null;
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || !('state' in value))
        throw new Error('stored journal has no state');
      return value as StorageValue<PersistedJournal>;
    } catch (error) {
      console.warn('Stored journal data could not be loaded; defaults restored', error);
      removeStored();
      return null;
    }
  },
  setItem(name, value) {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch (error) {
      console.warn('Could not store the journal', error);
    }
  },
  removeItem(name) {
    try {
      localStorage.removeItem(name);
    } catch (error) {
      console.warn('Could not clear the stored journal', error);
    }
  },
};

export const journalPersistOptions: PersistOptions<JournalState, PersistedJournal> = {
  name: STORE_KEY,
  version: STORE_VERSION,
  storage: journalStorage,
  partialize: (state) => ({
    speciesCategories: state.speciesCategories,
    terrainOptions: state.terrainOptions,
    treeOptions: state.treeOptions,
  }),
  // docs/behaviour.md#local-storage: data from an older version keeps its options but loses its species categories.
  migrate: (persisted) => {
    const record = isRecord(persisted) ? persisted : {};
    return {
      speciesCategories: {},
      terrainOptions: options(DEFAULT_TERRAIN_OPTIONS, customOf(record.terrainOptions) ?? []),
      treeOptions: options(DEFAULT_TREE_OPTIONS, customOf(record.treeOptions) ?? []),
    };
  },
  merge: (persisted, current) => {
    if (persisted === undefined) return current;
    const stored = sanitize(persisted);
    if (stored) return { ...current, ...stored };
    console.warn('Stored journal data is malformed; defaults restored');
    removeStored();
    return current;
  },
};

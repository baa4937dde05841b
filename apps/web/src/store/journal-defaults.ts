import type { JournalData, OptionLists } from './journal-types.ts';

/** docs/behaviour.md#journal-store: the built-in terrain and tree lists (always from the code). */
export const DEFAULT_TERRAIN_OPTIONS: readonly string[] = [
  'Hilly',
  'Flat',
  'Marshy',
  'Rocky',
  'Forest',
  'Open Field',
  'Riverbank',
  'Lakeside',
];
export const DEFAULT_TREE_OPTIONS: readonly string[] = [
  'Oak',
  'Pine',
  'Maple',
  'Birch',
  'Elm',
  'Cedar',
  'Poplar',
  'Spruce',
  'Ash',
  'Hickory',
  'Cherry',
  'Beech',
  'Aspen',
  'Mixed Forest',
];

/** A fresh copy each time, so no state ever shares an array with another. */
export function initialJournalData(): JournalData {
  return {
    userId: null,
    speciesCategories: {},
    terrainOptions: { default: [...DEFAULT_TERRAIN_OPTIONS], custom: [] },
    treeOptions: { default: [...DEFAULT_TREE_OPTIONS], custom: [] },
    locations: [],
    speciesLoading: false,
    speciesError: null,
    locationsLoading: false,
    locationsError: null,
    lastLocationsFetch: null,
    syncCursor: null,
    serverLocations: [],
    outbox: [],
    lastSyncedAt: null,
    settingsSave: null,
    savedSearches: null,
    sharedWithMe: [],
  };
}

/**
 * The user's own names that the built-in list does not already offer (any case). Only for
 * showing: the store keeps every name the server holds, so no edit writes a shorter list back.
 */
export function customBeyondDefaults(lists: OptionLists): string[] {
  const defaults = new Set(lists.default.map((name) => name.toLocaleLowerCase()));
  return lists.custom.filter((name) => !defaults.has(name.toLocaleLowerCase()));
}

/** Default and custom names together, for pickers; "forest" next to "Forest" shows once. */
export function allOptions(lists: OptionLists): string[] {
  return [...new Set([...lists.default, ...customBeyondDefaults(lists)])];
}

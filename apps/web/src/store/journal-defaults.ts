import { DEFAULT_TERRAIN_OPTIONS, DEFAULT_TREE_OPTIONS } from '../lib/spec-constants.ts';
import type { JournalData, OptionLists } from './journal-types.ts';

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
  };
}

/** Default and custom names together, for pickers. */
export function allOptions(lists: OptionLists): string[] {
  return [...new Set([...lists.default, ...lists.custom])];
}

import type { CreateEntryInput, UpdateEntryInput } from '@fj/contract/entries';
import type { CreateLocationInput, Location, UpdateLocationInput } from '@fj/contract/locations';

/** docs/behaviour.md#journal-store: a default list plus the user's own additions. */
export interface OptionLists {
  default: string[];
  custom: string[];
}

export interface JournalData {
  /** Who the store acts for; set by the AuthProvider. Not persisted. */
  userId: string | null;
  speciesCategories: Record<string, string[]>;
  terrainOptions: OptionLists;
  treeOptions: OptionLists;
  locations: Location[];
  speciesLoading: boolean;
  speciesError: string | null;
  locationsLoading: boolean;
  locationsError: string | null;
  /** Date.now() of the last successful location fetch. */
  lastLocationsFetch: number | null;
  /** Where the next fetch continues from (GET /sync?since=…); null before the first. Not persisted. */
  syncCursor: string | null;
}

export interface SpeciesActions {
  fetchSpecies(force?: boolean): Promise<void>;
  addSpeciesCategory(name: string): Promise<void>;
  removeSpeciesCategory(name: string): Promise<void>;
  addSpecies(category: string, species: string): Promise<void>;
  removeSpecies(category: string, species: string): Promise<void>;
  addCustomTerrain(name: string): Promise<void>;
  removeCustomTerrain(name: string): Promise<void>;
  addCustomTree(name: string): Promise<void>;
  removeCustomTree(name: string): Promise<void>;
}

export interface LocationActions {
  fetchLocations(force?: boolean): Promise<void>;
  addLocation(location: CreateLocationInput): Promise<Location>;
  updateLocation(id: string, changes: UpdateLocationInput): Promise<void>;
  deleteLocation(id: string): Promise<void>;
  addEntry(locationId: string, entry: CreateEntryInput): Promise<void>;
  updateEntry(locationId: string, entryId: string, changes: UpdateEntryInput): Promise<void>;
  deleteEntry(locationId: string, entryId: string): Promise<void>;
}

export interface SessionActions {
  /** Called by the AuthProvider on every sign-in state change. */
  setUser(uid: string | null): void;
  /** Clears the whole store and its stored copy (logout). */
  reset(): void;
}

export type JournalState = JournalData & SpeciesActions & LocationActions & SessionActions;

/** What the persisted slice sees of `set`/`get`; keeps the slices free of zustand's types. */
export type SetJournal = (
  partial: Partial<JournalState> | ((state: JournalState) => Partial<JournalState>),
) => void;
export type GetJournal = () => JournalState;

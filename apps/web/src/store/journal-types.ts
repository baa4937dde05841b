import type { CreateEntryInput, UpdateEntryInput } from '@fj/contract/entries';
import type { CreateLocationInput, Location, UpdateLocationInput } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import type { SavedSearch } from '@fj/contract/saved-searches';
import type { SharedGrant } from '@fj/contract/sharing';
import type { OutboxItem } from '../lib/offline/outbox-ops.ts';

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
  /**
   * The locations as the server last answered them, which the local copy holds; `locations`
   * is this with the outbox's changes on top (docs/architecture.md#outbox). Not persisted.
   */
  serverLocations: Location[];
  /** The outbox as the screen shows it: pending, failed and dropped writes, in queue order. */
  outbox: OutboxItem[];
  /** Date.now() of the last answer from the server (kept in the local copy). */
  lastSyncedAt: number | null;
  /**
   * How the last Settings change went (docs/behaviour.md#settings-saved), for Settings to confirm:
   * saved on the server, queued in the outbox, or failed. Not persisted.
   */
  settingsSave: { at: number; outcome: 'saved' | 'queued' | 'failed' } | null;
  /** The saved searches by name (docs/behaviour.md#saved-searches); null until read or restored. */
  savedSearches: SavedSearch[] | null;
  /** Shares others made with this user, accepted and in force (store/shared-spots.ts). */
  sharedWithMe: SharedGrant[];
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
  /**
   * PUT /preferences/tutorial, or the outbox when the server cannot be reached: true once sent or
   * queued, false (logged) when the server refused it (docs/behaviour.md#tutorial).
   */
  saveTutorialFlag(show: boolean): Promise<boolean>;
}

export interface SpeciesRenameActions {
  /**
   * Renames a species, or merges it into an existing one, across the journal: the server's
   * counts, or 'queued' offline (store/species-rename.ts). A refusal is thrown.
   */
  renameSpecies(
    from: string,
    to: string,
  ): Promise<{ entries: number; locations: number } | 'queued'>;
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

export interface OutboxActions {
  /** Replays the outbox now, then reads the server's changes. */
  syncNow(): Promise<void>;
  /** A failed item goes back to pending, in its place, and the outbox is replayed. */
  retryChange(seq: number): Promise<void>;
  /** The item leaves the outbox, and its change the screen. */
  discardChange(seq: number): Promise<void>;
  /** Keeps a photo that could not be uploaded on the device, to go up with its entry. */
  keepPhotoOffline(file: File): Promise<PhotoEntry>;
}

/** docs/behaviour.md#saved-searches: writes need the server; a refusal or no answer is thrown. */
export interface SavedSearchActions {
  /** GET /searches; a failure is logged (the list kept, or the local copy's). */
  fetchSavedSearches(): Promise<void>;
  saveSearch(name: string, query: string): Promise<SavedSearch>;
  changeSavedSearch(id: string, changes: { name?: string; query?: string }): Promise<void>;
  deleteSavedSearch(id: string): Promise<void>;
}

export interface SessionActions {
  /** Called on every report of the identity (app/journal-session.ts), and only there. */
  setUser(uid: string | null): void;
  /** Clears the whole store, its stored copy and the local copy with its outbox (logout). */
  reset(): Promise<void>;
}

export type JournalState = JournalData &
  SpeciesActions &
  SpeciesRenameActions &
  LocationActions &
  OutboxActions &
  SavedSearchActions &
  SessionActions;

/** What the persisted slice sees of `set`/`get`; keeps the slices free of zustand's types. */
export type SetJournal = (
  partial: Partial<JournalState> | ((state: JournalState) => Partial<JournalState>),
) => void;
export type GetJournal = () => JournalState;

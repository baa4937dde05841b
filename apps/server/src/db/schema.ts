import type { Generated } from 'kysely';
import type {
  SavedSearchesTable,
  SearchLabelsTable,
  SearchSpotsTable,
  SearchVisitsTable,
} from './schema-search.ts';
import type { ShareGrantsTable, ShareLocationsTable, SharesTable } from './schema-sharing.ts';

/** Tables of the journal itself; better-auth's tables are typed by better-auth. */
export interface PreferencesTable {
  id: string;
  name: string;
  email: string;
  custom_species_categories: string;
  custom_species: string;
  custom_terrain_types: string;
  custom_tree_types: string;
  show_tutorial: number;
  created_at: string;
  updated_at: string;
  /** The user's revision at the record's last change (see SyncRevisionsTable). */
  revision: number;
}

export interface LocationsTable {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  lat: number;
  lng: number;
  /** JSON of LocationDetails: area, categories, species, terrainType, treeTypes, access. */
  details: string;
  favorite: number;
  created_at: string;
  updated_at: string;
  /** The user's revision at the location's last change, its entries' included. */
  revision: number;
}

export interface EntriesTable {
  id: string;
  location_id: string;
  user_id: string;
  date: string;
  /**
   * JSON: finds (each `{ species, quantity?, unit? }`), nothingFound, abundance, notes, weather
   * (lib/entry-details.ts). The truth of its finds; entry_finds is derived from it. Its photos
   * are the photo rows naming it.
   */
  details: string;
  created_at: string;
  updated_at: string;
  /** The user's revision at the entry's last change. */
  revision: number;
}

/**
 * One row per find of an entry, derived from entries.details and written in the same
 * transaction by every write of entries (db/entry-finds.ts): what queries by species and season
 * read. Deleting the entry (its location, its user) deletes its rows (on delete cascade).
 */
export interface EntryFindsTable {
  entry_id: string;
  user_id: string;
  location_id: string;
  /** The entry's date, YYYY-MM-DD. */
  date: string;
  /** The species as written. */
  species: string;
  /** speciesKey(species) (@fj/contract/text-fold): one row per key and entry. */
  species_key: string;
  quantity: number | null;
  unit: string | null;
}

export interface PhotosTable {
  id: string;
  user_id: string;
  file_path: string;
  thumbnail_file_path: string;
  /**
   * The one entry the photo belongs to, null until attached. A foreign key with on delete
   * cascade: deleting the entry (or its location, or its user) deletes the row.
   */
  entry_id: string | null;
  /** Its place among the entry's photos, from 0; null while unattached. */
  position: number | null;
  name: string;
  /** Bytes of the display image: the `size` the API shows. */
  size: number;
  width: number;
  height: number;
  uploaded_at: string;
  /** Bytes kept in storage for this photo (display + thumbnail): what the quota counts. */
  stored_bytes: number;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
  /** better-auth's; 0/1 on SQLite. Set by no sign-up: only a claimed invitation (sharing). */
  emailVerified: boolean | number;
}

/** better-auth's pending resets and e-mail checks; read only to tell a used reset link. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string | Date;
}

/** Ended sessions whose ID tokens must be refused until expires_at (ISO-8601 UTC). */
export interface RevokedSessionsTable {
  session_id: string;
  expires_at: string;
}

/**
 * One row per user who has written anything: every write to the user's locations, entries or
 * preferences raises `revision` by one in its own transaction (docs/behaviour.md#sync).
 * PostgreSQL answers bigint columns as strings: read every revision with Number().
 */
export interface SyncRevisionsTable {
  user_id: string;
  revision: number;
  /** The newest revision among the tombstones swept away: older cursors get a full answer. */
  pruned_revision: number;
  /**
   * UTF-8 bytes of the text of the user's locations and entries, what QUOTA_JOURNAL_BYTES_PER_USER
   * counts (journal-quota/), changed in the transaction of each write of them.
   */
  journal_bytes: Generated<number>;
}

/** A deleted location or entry, kept 90 days so that GET /sync can tell clients. */
export interface SyncTombstonesTable {
  user_id: string;
  kind: 'location' | 'entry';
  id: string;
  revision: number;
  deleted_at: string;
}

export interface Database {
  shares: SharesTable;
  share_locations: ShareLocationsTable;
  share_grants: ShareGrantsTable;
  search_spots: SearchSpotsTable;
  search_labels: SearchLabelsTable;
  search_visits: SearchVisitsTable;
  saved_searches: SavedSearchesTable;
  sync_revisions: SyncRevisionsTable;
  sync_tombstones: SyncTombstonesTable;
  revoked_sessions: RevokedSessionsTable;
  verification: VerificationTable;
  preferences: PreferencesTable;
  locations: LocationsTable;
  entries: EntriesTable;
  entry_finds: EntryFindsTable;
  photos: PhotosTable;
  user: UserTable;
  kysely_migration: { name: string; timestamp: Generated<string> };
}

export type {
  SavedSearchesTable,
  SearchLabelsTable,
  SearchSpotsTable,
  SearchVisitsTable,
} from './schema-search.ts';
export type { ShareGrantsTable, ShareLocationsTable, SharesTable } from './schema-sharing.ts';

import type { Generated } from 'kysely';

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

/** A share of some of the owner's spots (docs/behaviour.md#sharing). */
export interface SharesTable {
  id: string;
  user_id: string;
  /** SHA-256 (base64url) of a link share's token; null for an e-mail share. */
  token_hash: string | null;
  /** Keys the share's opaque ids (HMAC of the real id). */
  secret: string;
  precision: string;
  dates: string;
  include_finds: number;
  include_notes: number;
  include_photos: number;
  /** Raised by every change of the share: projections of an older version are computed again. */
  version: number;
  expires_at: string;
  created_at: string;
  last_used_at: string | null;
  use_count: number;
  revoked_at: string | null;
}

/** A spot of a share, and the projection computed for it (null until first read). */
export interface ShareLocationsTable {
  share_id: string;
  location_id: string;
  /** JSON of the SharedLocation a viewer receives. */
  projection: string | null;
  /** JSON: opaque photo id → the real photo id, for the share's photo routes. */
  photo_keys: string | null;
  projected_version: number | null;
  /** The location's revision the projection was computed from (bigint: read with Number()). */
  projected_revision: number | null;
}

/** The invitation of an e-mail share: pending until the invitee accepts it. */
export interface ShareGrantsTable {
  id: string;
  share_id: string;
  /** Lower-cased. */
  email: string;
  /** Set when accepted. */
  user_id: string | null;
  status: 'pending' | 'accepted';
}

/** The search index (db/migrations/0009-search.ts): derived, refreshed by revision. */
export interface SearchStateTable {
  user_id: string;
  /** The user's revision the index was last brought up to. */
  revision: number;
}

/** A spot's folded text and keys; lists of keys are written `\nkey\nkey\n`. */
export interface SearchSpotsTable {
  location_id: string;
  user_id: string;
  text: string;
  terrain: string;
  trees: string;
  categories: string;
  /** The access status, '' without one. */
  access: string;
  kind: string;
  favorite: number;
  lat: number;
  lng: number;
  newest_visit: string | null;
}

export interface SearchVisitsTable {
  entry_id: string;
  user_id: string;
  location_id: string;
  date: string;
  month: number;
  text: string;
}

export interface SearchFindsTable {
  entry_id: string;
  user_id: string;
  location_id: string;
  species_key: string;
  quantity: number | null;
  unit: string | null;
}

/** A named query of the query box (docs/behaviour.md#search). */
export interface SavedSearchesTable {
  id: string;
  user_id: string;
  name: string;
  query: string;
  created_at: string;
  updated_at: string;
  revision: number;
  /** When it was deleted: the row stays, kept as long as sync tombstones, to tell GET /sync. */
  deleted_at: string | null;
}

export interface Database {
  shares: SharesTable;
  share_locations: ShareLocationsTable;
  share_grants: ShareGrantsTable;
  search_state: SearchStateTable;
  search_spots: SearchSpotsTable;
  search_visits: SearchVisitsTable;
  search_finds: SearchFindsTable;
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

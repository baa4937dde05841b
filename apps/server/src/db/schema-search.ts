/** Tables of search and saved searches (docs/behaviour.md#search); `schema.ts` gathers them. */
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

/** Tables of search and saved searches (docs/behaviour.md#search); `schema.ts` gathers them. */

/*
 * The search index (db/migrations/0012-search-index.ts, docs/architecture.md#search-module):
 * derived from locations and entries, written in each write's own transaction by
 * db/search-index.ts, so a search reads it and never rebuilds anything. Its rows cascade with
 * their location or entry. On SQLite each table also has an integer `seq` (the rowid its FTS5
 * index keys on); no query of the app's reads it but the search's own.
 */

/** A spot's folded text and facets (docs/behaviour.md#search). */
export interface SearchSpotsTable {
  location_id: string;
  user_id: string;
  /** locationSearchText: name, description and access note, folded. */
  text: string;
  /** The terrain's key (speciesKey), '' without one. */
  terrain: string;
  /** The access status, '' without one. */
  access: string;
  kind: string;
  favorite: number;
  lat: number;
  lng: number;
  /** The newest visit's date, null without one: the order of a search without visit facets. */
  newest_visit: string | null;
}

/** One tree or category label of a spot, by its key: `kind` is 'tree' or 'category'. */
export interface SearchLabelsTable {
  location_id: string;
  user_id: string;
  kind: string;
  key: string;
}

/** A visit's folded text; `doc` is its spot's text, a newline, then its own (the words' index). */
export interface SearchVisitsTable {
  entry_id: string;
  user_id: string;
  location_id: string;
  date: string;
  month: number;
  /** entrySearchText: notes and the species found, folded. */
  text: string;
  doc: string;
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

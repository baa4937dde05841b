/**
 * Sizes a forager never meets, chosen so that every request stays cheap to check and store.
 * The server derives its per-route body limits from these numbers (apps/server/src/body-limits.ts).
 */
export const limits = {
  /** A location's name. */
  nameLength: 120,
  /** A location's description and an entry's notes. */
  longTextLength: 20_000,
  /** A species, category, terrain or tree label. */
  labelLength: 80,
  accessNoteLength: 500,
  weatherLength: 200,
  /** Total vertices of one patch, over all its rings. */
  patchVertices: 10_000,
  patchRings: 50,
  /** Per location. */
  locationCategories: 50,
  locationSpecies: 200,
  locationTreeTypes: 50,
  /** Per entry. */
  entrySpecies: 100,
  entryPhotos: 50,
  /** Preferences: categories (and so keys of customSpecies), species in one category, in all. */
  categories: 500,
  speciesPerCategory: 2_000,
  speciesTotal: 10_000,
  terrainTypes: 500,
  treeTypes: 500,
  /** An id in a path or a body. */
  idLength: 100,
} as const;

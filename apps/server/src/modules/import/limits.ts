/**
 * What one import may cost, each counted while the file is read (docs/files.md#import): the
 * first crossed ends the work with a 4xx naming it, and nothing is written.
 */
export const importLimits = {
  /** Spots (features, waypoints, placemarks, CSV spots) in one file. */
  features: 10_000,
  /** Entries in one file, all spots together. */
  entries: 100_000,
  /** Patch corners in one file, all spots together (20 patches of the most a spot may have). */
  patchCorners: 200_000,
  /** Problems listed in the answer; the rest are only counted (`moreProblems`). */
  problemsListed: 20,
  /**
   * JSON values (numbers, strings, arrays, objects, keys) in one GeoJSON feature: a spot at its
   * quotas (10,000 patch corners, 10,000 entries) has about half as many.
   */
  valuesPerFeature: 500_000,
  /**
   * Attributes of one XML element: a waypoint has two, a document's root a few namespaces. Counted
   * as the parser reads them, before the element is whole.
   */
  attributesPerElement: 256,
  /**
   * Elements in one GPX waypoint or KML placemark, which is held until it closes: our export's
   * placemark has a few dozen, a KML track of 20,000 points some 40,000.
   */
  elementsPerSpot: 50_000,
  /** Nesting of JSON arrays and objects, or of XML elements. */
  depth: 64,
  /** Entries a KMZ archive may list (a KML and a few images). */
  kmzEntries: 1_000,
  /** A KMZ's KML may inflate to this many times its compressed size (once past 1 MB). */
  kmzRatio: 100,
  kmzRatioFrom: 1024 * 1024,
} as const;

/** Imports and restores running at once in this server; another gets 503 with Retry-After. */
export const importSlots = 2;
/** About how long an import of IMPORT_MAX_MB takes. */
export const importBusyRetryAfterSeconds = 5;

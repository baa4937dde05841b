import { z } from './zod.ts';
import { limits } from './limits.ts';
import { locationSchema, type Location } from './locations.ts';
import { preferencesSchema, type Preferences } from './preferences.ts';
import { savedSearchSchema, type SavedSearch } from './saved-searches.ts';

/** The header on GET /locations naming the cursor to continue from with GET /sync. */
export const syncCursorHeader = 'sync-cursor';

/** Deleted locations and entries are told for at least this long (docs/behaviour.md#sync). */
export const tombstoneRetentionDays = 90;

/** GET /sync?since=…: the cursor of the last answer applied; none for everything. */
export const syncQuerySchema = z.object({
  since: z.string().max(limits.idLength).optional(),
});

/**
 * GET /sync (docs/behaviour.md#sync): what changed since the cursor. `locations` holds each
 * changed location whole, with its entries, as GET /locations lists it; `deleted` the ids gone
 * since then; `preferences` only when they changed (always when `full`). `full` says the answer
 * holds everything and replaces what the client has. `searches` (saved searches) and
 * `deleted.searches` come like the preferences: only when some changed (always when `full`).
 */
export const syncAnswerSchema = z.object({
  cursor: z.string(),
  full: z.boolean(),
  locations: z.array(locationSchema),
  deleted: z.object({
    locations: z.array(z.string()),
    entries: z.array(z.string()),
    searches: z.array(z.string()).optional(),
  }),
  preferences: preferencesSchema.optional(),
  searches: z.array(savedSearchSchema).optional(),
});
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;

/** What a client keeps from sync answers. */
export interface SyncState {
  cursor: string | null;
  locations: Location[];
  preferences?: Preferences;
  searches?: SavedSearch[];
}

/** Saved searches by name, the id settling ties, as code units (GET /searches' order). */
export const compareSearches = (
  a: Pick<SavedSearch, 'name' | 'id'>,
  b: Pick<SavedSearch, 'name' | 'id'>,
) => (a.name !== b.name ? (a.name < b.name ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function searchesAfter(state: SyncState, answer: SyncAnswer): SavedSearch[] | undefined {
  if (answer.full) return answer.searches;
  const gone = new Set([
    ...(answer.deleted.searches ?? []),
    ...(answer.searches ?? []).map((s) => s.id),
  ]);
  if (gone.size === 0) return state.searches;
  const kept = (state.searches ?? []).filter((search) => !gone.has(search.id));
  return [...kept, ...(answer.searches ?? [])].sort(compareSearches);
}

/**
 * GET /locations' order: the most recently changed first, the id settling ties (compared as
 * code units, like the database's ordering of the server's lower-case UUIDs).
 */
export function compareListOrder(a: Location, b: Location): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/**
 * The client's state after one answer, applied to the state the previous answer left (pure).
 * Deletions go first, then the changed locations replace or join what is left: a location or
 * entry deleted and then made again with the same id is present, as it is on the server.
 */
export function applySyncAnswer(state: SyncState, answer: SyncAnswer): SyncState {
  const preferences = answer.preferences ?? (answer.full ? undefined : state.preferences);
  let locations: Location[];
  if (answer.full) {
    locations = [...answer.locations];
  } else {
    const goneLocations = new Set(answer.deleted.locations);
    const goneEntries = new Set(answer.deleted.entries);
    const changed = new Map(answer.locations.map((location) => [location.id, location]));
    const kept = state.locations.filter(
      (location) => !goneLocations.has(location.id) && !changed.has(location.id),
    );
    // Only an answer that deletes entries looks through every spot's entries.
    if (goneEntries.size > 0)
      kept.forEach((location, i) => {
        if (location.entries.some((entry) => goneEntries.has(entry.id)))
          kept[i] = {
            ...location,
            entries: location.entries.filter((e) => !goneEntries.has(e.id)),
          };
      });
    locations = [...kept, ...changed.values()];
  }
  locations.sort(compareListOrder);
  const searches = searchesAfter(state, answer);
  return {
    cursor: answer.cursor,
    locations,
    ...(preferences ? { preferences } : {}),
    ...(searches ? { searches } : {}),
  };
}

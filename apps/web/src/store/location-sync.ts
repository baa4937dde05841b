import type { Location } from '@fj/contract/locations';
import type { Preferences } from '@fj/contract/preferences';
import type { SavedSearch } from '@fj/contract/saved-searches';
import { applySyncAnswer, type SyncAnswer } from '@fj/contract/sync';
import { ApiError } from '../lib/api/api-error.ts';
import { locationsApi } from '../lib/api/locations-api.ts';
import type { JournalData } from './journal-types.ts';

/** What a location fetch brings: the list, the cursor to continue from, changed preferences. */
export interface LocationsRead {
  locations: Location[];
  cursor: string | null;
  preferences?: Preferences;
  /** The saved searches after a sync answer that changed them (known before, or a full answer). */
  searches?: SavedSearch[];
}

/**
 * The changes since the cursor; a refused cursor (400: the server lost track of it, after a
 * restore, say) gets everything instead. Null when the server has no /sync (the original API).
 */
async function changesSince(cursor: string): Promise<SyncAnswer | null> {
  try {
    return await locationsApi.sync(cursor);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) return null;
    if (error.status === 400) return locationsApi.sync(null);
    throw error;
  }
}

/**
 * docs/behaviour.md#location-loading: the first fetch reads the whole list (GET /locations and
 * its Sync-Cursor); every later one only what changed since (GET /sync), applied to the list
 * the store holds when the answer arrives (the saved searches too, when they are known). A
 * server that gives no cursor is read whole each time.
 */
export async function readLocations(
  state: () => Pick<JournalData, 'syncCursor' | 'serverLocations' | 'savedSearches'>,
): Promise<LocationsRead> {
  const cursor = state().syncCursor;
  if (cursor === null) return locationsApi.list();
  const answer = await changesSince(cursor);
  if (!answer) return locationsApi.list();
  // Changes to a list never read would make a list with holes: only a full answer gives one.
  const { serverLocations: locations, savedSearches: known } = state();
  const next = applySyncAnswer(
    { cursor, locations, ...(known ? { searches: known } : {}) },
    answer,
  );
  const searches = known || answer.full ? next.searches : undefined;
  return {
    locations: next.locations,
    cursor: next.cursor,
    ...(answer.preferences ? { preferences: answer.preferences } : {}),
    ...(searches && searches !== known ? { searches } : {}),
  };
}

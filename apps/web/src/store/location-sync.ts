import type { Location } from '@fj/contract/locations';
import type { Preferences } from '@fj/contract/preferences';
import { applySyncAnswer, type SyncAnswer } from '@fj/contract/sync';
import { ApiError } from '../lib/api/api-error.ts';
import { locationsApi } from '../lib/api/locations-api.ts';

/** What a location fetch brings: the list, the cursor to continue from, changed preferences. */
export interface LocationsRead {
  locations: Location[];
  cursor: string | null;
  preferences?: Preferences;
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
 * the store holds when the answer arrives. A server that gives no cursor is read whole each time.
 */
export async function readLocations(
  cursor: string | null,
  current: () => Location[],
): Promise<LocationsRead> {
  if (cursor === null) return locationsApi.list();
  const answer = await changesSince(cursor);
  if (!answer) return locationsApi.list();
  const next = applySyncAnswer({ cursor, locations: current() }, answer);
  return {
    locations: next.locations,
    cursor: next.cursor,
    ...(answer.preferences ? { preferences: answer.preferences } : {}),
  };
}

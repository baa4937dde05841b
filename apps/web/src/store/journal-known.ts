import type { JournalState } from './journal-types.ts';

/**
 * Whether the spot list on screen is the journal rather than a placeholder: the server has
 * answered once, or the local copy holds an earlier answer (docs/behaviour.md#offline-start).
 * Offline, a failed fetch leaves the first false, and a "Loading your spots…" waiting on it
 * would never go.
 */
export const journalKnown = (
  state: Pick<JournalState, 'lastLocationsFetch' | 'lastSyncedAt'>,
): boolean => state.lastLocationsFetch !== null || state.lastSyncedAt !== null;

/**
 * Whether the spots on screen are the ones to open the map on: the journal is known and its
 * spots have reached the list (the local copy marks the journal known just before), or the
 * fetch has ended, or failed.
 */
export const spotsKnown = (
  state: Pick<
    JournalState,
    'lastLocationsFetch' | 'lastSyncedAt' | 'locations' | 'locationsLoading' | 'locationsError'
  >,
): boolean =>
  state.locationsError !== null ||
  (journalKnown(state) && (state.locations.length > 0 || !state.locationsLoading));

import type { JournalState } from './journal-types.ts';

/**
 * Whether the spot list on screen is the journal rather than a placeholder: the server has
 * answered once, or the local copy holds an earlier answer (docs/behaviour.md#offline-start).
 * Offline, a failed fetch leaves the first false, and a "Loading your spots…" waiting on it
 * would never go.
 */
export const journalKnown = (state: JournalState): boolean =>
  state.lastLocationsFetch !== null || state.lastSyncedAt !== null;

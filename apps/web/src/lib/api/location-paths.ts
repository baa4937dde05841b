/** The paths (under /api/v1) a journal is read from (docs/behaviour.md#location-loading). */
export const locationListPath = '/locations';

/** What changed since the cursor; everything without one. */
export const syncPath = (since: string | null): string =>
  since === null ? '/sync' : `/sync?since=${encodeURIComponent(since)}`;

/**
 * A journal's first read of a page load (store/location-sync.ts): the whole list when the
 * local copy holds no cursor, else what changed since it. Also what the start-up sends early.
 */
export const firstReadPath = (cursor: string | null): string =>
  cursor === null ? locationListPath : syncPath(cursor);

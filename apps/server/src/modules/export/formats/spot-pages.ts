import type { ExportedLocation } from '../mapping.ts';

/**
 * The spots of one export, a page at a time, read afresh each time it is called: GPX writes
 * every waypoint before the first track, so it goes through the spots twice.
 */
export type SpotPages = (options?: { withEntries?: boolean }) => AsyncIterable<ExportedLocation[]>;

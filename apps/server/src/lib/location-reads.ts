import type { Location } from '@fj/contract/locations';

/** What the sync service reads of a user's locations: the location service's, passed in by services.ts. */
export interface LocationReads {
  /** Every location, whole, newest first, a page at a time: answers are written as they are read. */
  pages(userId: string): AsyncIterable<Location[]>;
  listChangedSince(userId: string, revision: number): Promise<Location[]>;
}

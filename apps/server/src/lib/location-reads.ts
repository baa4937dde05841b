import type { Location } from '@fj/contract/locations';

/** What the sync service reads of a user's locations: the location service's, passed in by services.ts. */
export interface LocationReads {
  list(userId: string): Promise<Location[]>;
  listChangedSince(userId: string, revision: number): Promise<Location[]>;
}

import type { EntriesTable, LocationsTable } from '../db/schema.ts';
import { detailsAfter } from './entry-details.ts';
import type { ImportedEntry, ImportedSpot } from './imported-spot.ts';

/** Who the rows belong to, when they are written, and the revision they carry. */
export interface RowStamp {
  userId: string;
  now: string;
  revision: number;
}

/**
 * The row of a spot an import or a restore adds, under the id it decided on: the fields the
 * columns do not hold go into `details`, and the file's dates are kept when it had them.
 */
export function locationRowOf(
  spot: Pick<ImportedSpot, 'location' | 'createdAt' | 'updatedAt'>,
  id: string,
  { userId, now, revision }: RowStamp,
): LocationsTable {
  const { name, description, position, favorite, ...details } = spot.location;
  delete details.id;
  return {
    id,
    user_id: userId,
    name,
    description: description ?? null,
    lat: position.lat,
    lng: position.lng,
    details: JSON.stringify(details),
    favorite: favorite ? 1 : 0,
    created_at: spot.createdAt ?? now,
    updated_at: spot.updatedAt ?? now,
    revision,
  };
}

/**
 * The row of an entry an import or a restore adds (its photos, if any, are rows of their own);
 * its finds as a create makes them (checkEntry refused contradicting ones).
 */
export function entryRowOf(
  entry: ImportedEntry,
  id: string,
  locationId: string,
  { userId, now, revision }: RowStamp,
): EntriesTable {
  const { date, createdAt, updatedAt, ...fields } = entry;
  return {
    id,
    location_id: locationId,
    user_id: userId,
    date,
    details: JSON.stringify(detailsAfter(fields)),
    created_at: createdAt ?? now,
    updated_at: updatedAt ?? now,
    revision,
  };
}

import type { Location, LocationDetails } from '@fj/contract/locations';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';
import { compact, parseJson } from '../../lib/json.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { toEntry } from '../entries/mapping.ts';

export function toLocation(
  row: LocationsTable,
  entries: readonly EntriesTable[],
  /** The entries' photos by entry id (photosByEntry). */
  photos: ReadonlyMap<string, readonly PhotosTable[]>,
  signer: UrlSigner,
): Location {
  const details = compact(parseJson<LocationDetails>(row.details)) as Location;
  return {
    ...details,
    id: row.id,
    name: row.name,
    ...(row.description ? { description: row.description } : {}),
    position: { lat: Number(row.lat), lng: Number(row.lng) },
    favorite: Boolean(row.favorite),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    entries: entries.map((entry) => toEntry(entry, photos.get(entry.id) ?? [], signer)),
  };
}

import type { Entry } from '@fj/contract/entries';
import type { Location, LocationDetails } from '@fj/contract/locations';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';
import { compact, parseJson } from '../../lib/json.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { toPhotoEntry } from '../photos/photo-entry.ts';

export interface EntryDetails {
  species?: string[];
  abundance?: number | null;
  notes?: string | null;
  weather?: string | null;
}

export function photoPathsOf(entries: readonly EntriesTable[]): string[] {
  return entries.flatMap((entry) => parseJson<string[]>(entry.photo_paths));
}

export function toEntry(
  row: EntriesTable,
  photos: ReadonlyMap<string, PhotosTable>,
  signer: UrlSigner,
): Entry {
  const details = parseJson<EntryDetails>(row.details);
  const paths = parseJson<string[]>(row.photo_paths);
  return {
    id: row.id,
    locationId: row.location_id,
    date: row.date,
    ...(compact({ ...details }) as Omit<EntryDetails, 'abundance' | 'notes' | 'weather'> & {
      abundance?: number;
      notes?: string;
      weather?: string;
    }),
    photos: paths.flatMap((path) => {
      const photo = photos.get(path);
      return photo ? [toPhotoEntry(photo, signer)] : [];
    }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toLocation(
  row: LocationsTable,
  entries: readonly EntriesTable[],
  photos: ReadonlyMap<string, PhotosTable>,
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
    entries: entries.map((entry) => toEntry(entry, photos, signer)),
  };
}

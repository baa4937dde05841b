import type { Entry } from '@fj/contract/entries';
import type { EntriesTable, PhotosTable } from '../../db/schema.ts';
import { compact, parseJson } from '../../lib/json.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { toPhotoEntry } from '../photos/mapping.ts';

/** What the entries.details JSON column holds. */
export interface EntryDetails {
  species?: string[];
  abundance?: number | null;
  notes?: string | null;
  weather?: string | null;
}

/** Attached photos grouped by their entry, each group keeping the order it came in. */
export function photosByEntry(photos: readonly PhotosTable[]): Map<string, PhotosTable[]> {
  const groups = new Map<string, PhotosTable[]>();
  for (const photo of photos) {
    if (photo.entry_id === null) continue;
    const group = groups.get(photo.entry_id);
    if (group) group.push(photo);
    else groups.set(photo.entry_id, [photo]);
  }
  return groups;
}

/** The entry as the API answers it; `photos` are its own, in order. */
export function toEntry(
  row: EntriesTable,
  photos: readonly PhotosTable[],
  signer: UrlSigner,
): Entry {
  const details = parseJson<EntryDetails>(row.details);
  return {
    id: row.id,
    locationId: row.location_id,
    date: row.date,
    ...(compact({ ...details }) as Omit<EntryDetails, 'abundance' | 'notes' | 'weather'> & {
      abundance?: number;
      notes?: string;
      weather?: string;
    }),
    photos: photos.map((photo) => toPhotoEntry(photo, signer)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

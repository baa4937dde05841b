import type { Entry } from '@fj/contract/entries';
import { speciesOfFinds } from '@fj/contract/finds';
import type { EntriesTable, PhotosTable } from '../../db/schema.ts';
import { findsOfDetails, type EntryDetails } from '../../lib/entry-details.ts';
import { parseJson } from '../../lib/json.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { toPhotoEntry } from '../photos/mapping.ts';

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

/**
 * The entry as the API answers it; `photos` are its own, in order. `finds` is always there and
 * `species` lists their species (SPEC.md's field); `nothingFound` only when true.
 */
export function toEntry(
  row: EntriesTable,
  photos: readonly PhotosTable[],
  signer: UrlSigner,
): Entry {
  const details = parseJson<EntryDetails>(row.details);
  const finds = findsOfDetails(details);
  return {
    id: row.id,
    locationId: row.location_id,
    date: row.date,
    species: speciesOfFinds(finds),
    finds,
    ...(details.nothingFound ? { nothingFound: true } : {}),
    ...(details.abundance != null ? { abundance: details.abundance } : {}),
    ...(details.notes != null ? { notes: details.notes } : {}),
    ...(details.weather != null ? { weather: details.weather } : {}),
    photos: photos.map((photo) => toPhotoEntry(photo, signer)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

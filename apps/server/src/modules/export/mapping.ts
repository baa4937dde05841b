import type { Entry } from '@fj/contract/entries';
import type { Find } from '@fj/contract/finds';
import type { Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import type { EntriesTable, LocationsTable, PhotosTable } from '../../db/schema.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { photosByEntry } from '../entries/mapping.ts';
import { toLocation } from '../locations/mapping.ts';

/** A photo as exported: its stored file and facts; a signed URL would expire within days. */
export type ExportedPhoto = Omit<PhotoEntry, 'url' | 'thumbnailUrl'>;
export type ExportedEntry = Omit<Entry, 'photos'> & { photos: ExportedPhoto[] };
/** A spot as every format reads it: the API's location, entries oldest first, photos without URLs. */
export type ExportedLocation = Omit<Location, 'entries'> & { entries: ExportedEntry[] };

function withoutUrls({ url: _url, thumbnailUrl: _thumbnail, ...photo }: PhotoEntry): ExportedPhoto {
  return photo;
}

/** One page of spots from its rows, their entries' rows and those entries' photos. */
export function toExportedLocations(
  rows: readonly LocationsTable[],
  entries: readonly EntriesTable[],
  photos: readonly PhotosTable[],
  signer: UrlSigner,
): ExportedLocation[] {
  const photoMap = photosByEntry(photos);
  const entriesByLocation = new Map<string, EntriesTable[]>();
  for (const entry of entries) {
    const list = entriesByLocation.get(entry.location_id);
    if (list) list.push(entry);
    else entriesByLocation.set(entry.location_id, [entry]);
  }
  return rows.map((row) => {
    const location = toLocation(row, entriesByLocation.get(row.id) ?? [], photoMap, signer);
    return {
      ...location,
      entries: location.entries.map((entry) => ({
        ...entry,
        photos: entry.photos.map(withoutUrls),
      })),
    };
  });
}

/** A find as text: "Cep 1.25 kg", "Girolle 40", "Morel". */
const findText = (find: Find) =>
  [find.species, find.quantity ?? undefined, find.unit === 'count' ? undefined : find.unit]
    .filter((part) => part !== undefined && part !== null)
    .join(' ');

/**
 * The lines of a spot's journal as plain text: "2024-09-01: porcini 1.2 kg, ceps; abundance
 * 3/5; notes" ("nothing found" for such a visit).
 */
export function entryLine(entry: ExportedEntry): string {
  const parts = [entry.date];
  if (entry.finds.length > 0) parts.push(entry.finds.map(findText).join(', '));
  if (entry.nothingFound) parts.push('nothing found');
  if (entry.abundance !== undefined) parts.push(`abundance ${entry.abundance}/5`);
  if (entry.weather) parts.push(`weather: ${entry.weather}`);
  if (entry.notes) parts.push(entry.notes);
  return parts.join('; ');
}

/** The description, then one line per entry: what GPX's desc and KML's description show. */
export function readableDescription(location: ExportedLocation): string {
  const lines = location.description ? [location.description] : [];
  if (location.entries.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(...location.entries.map(entryLine));
  }
  return lines.join('\n');
}

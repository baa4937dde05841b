import { previewSpotsShown, type ImportPreview } from '@fj/contract/import';
import type { EntriesTable, LocationsTable } from '../../db/schema.ts';

/**
 * The spots an import would create, for its preview (docs/files.md#import): the first
 * `previewSpotsShown` by name with their entries, in the file's order; the rest counted.
 */
export function previewSpots(
  locations: readonly Pick<LocationsTable, 'id' | 'name'>[],
  entries: readonly Pick<EntriesTable, 'location_id'>[],
): Pick<ImportPreview, 'spots' | 'moreSpots'> {
  const entriesOf = new Map<string, number>();
  for (const entry of entries)
    entriesOf.set(entry.location_id, (entriesOf.get(entry.location_id) ?? 0) + 1);
  const more = locations.length - previewSpotsShown;
  return {
    spots: locations
      .slice(0, previewSpotsShown)
      .map((row) => ({ name: row.name, entries: entriesOf.get(row.id) ?? 0 })),
    ...(more > 0 ? { moreSpots: more } : {}),
  };
}

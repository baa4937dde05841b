import type { Geoprivacy } from '@fj/contract/export';
import type { Find } from '@fj/contract/finds';
import type { ExportedLocation } from '../mapping.ts';
import { csvRows, type Cell } from './csv-rows.ts';
import type { SpotPages } from './spot-pages.ts';

/** The columns of iNaturalist's bulk CSV upload, in its template's order. */
export const inaturalistHeader = [
  'Species guess',
  'Date',
  'Description',
  'Place name',
  'Latitude / y coord / northing',
  'Longitude / x coord / easting',
  'Tags',
  'Geoprivacy',
] as const;

/** The template has no quantity column: a find's quantity goes first in its description. */
function description(find: Find, notes: string | undefined): string | undefined {
  if (find.quantity == null) return notes;
  const amount = `Quantity: ${find.quantity}${find.unit && find.unit !== 'count' ? ` ${find.unit}` : ''}`;
  return notes ? `${amount}\n${notes}` : amount;
}

/**
 * An iNaturalist observation is of one taxon: an entry gives one row per find (an entry with
 * none, a visit that found nothing too, gives none). Tags are the spot's categories,
 * comma-separated as iNaturalist reads them.
 */
function rowsOf(location: ExportedLocation, geoprivacy: Geoprivacy): Cell[][] {
  return location.entries.flatMap((entry) =>
    entry.finds.map((find) => [
      find.species,
      entry.date,
      description(find, entry.notes),
      location.name,
      location.position.lat,
      location.position.lng,
      (location.categories ?? []).join(', '),
      geoprivacy,
    ]),
  );
}

export async function* inaturalist(
  pages: SpotPages,
  geoprivacy: Geoprivacy,
): AsyncGenerator<string> {
  async function* rows() {
    for await (const page of pages())
      yield page.flatMap((location) => rowsOf(location, geoprivacy));
  }
  yield* csvRows(inaturalistHeader, rows());
}

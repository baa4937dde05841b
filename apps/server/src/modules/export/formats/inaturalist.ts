import type { Geoprivacy } from '@fj/contract/export';
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

/**
 * An iNaturalist observation is of one taxon: an entry gives one row per species it names (an
 * entry with none gives none). Tags are the spot's categories, comma-separated as iNaturalist
 * reads them.
 */
function rowsOf(location: ExportedLocation, geoprivacy: Geoprivacy): Cell[][] {
  return location.entries.flatMap((entry) =>
    (entry.species ?? []).map((species) => [
      species,
      entry.date,
      entry.notes,
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

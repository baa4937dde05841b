import { csvExportColumns } from '@fj/contract/export';
import type { Find } from '@fj/contract/finds';
import type { ExportedEntry, ExportedLocation } from '../mapping.ts';
import { csvRows, list, type Cell } from './csv-rows.ts';
import type { SpotPages } from './spot-pages.ts';

const header = csvExportColumns;

function locationCells(location: ExportedLocation): Cell[] {
  return [
    location.id,
    location.name,
    location.description,
    location.position.lat,
    location.position.lng,
    location.favorite ? 'true' : 'false',
    list(location.categories),
    list(location.species),
    location.terrainType,
    list(location.treeTypes),
    location.access?.status,
    location.access?.note,
    location.area ? JSON.stringify(location.area) : undefined,
    location.createdAt,
    location.updatedAt,
  ];
}

const noEntry: Cell[] = Array.from({ length: 12 }, () => undefined);

/** The entry's columns on the row of one of its finds (none: a row without a species). */
function entryCells(entry: ExportedEntry, find: Find | undefined): Cell[] {
  return [
    entry.id,
    entry.date,
    find?.species,
    find?.quantity ?? undefined,
    find?.unit ?? undefined,
    entry.nothingFound ? 'true' : undefined,
    entry.abundance,
    entry.weather,
    entry.notes,
    list(entry.photos.map((photo) => photo.filePath)),
    entry.createdAt,
    entry.updatedAt,
  ];
}

/**
 * One row per find, with its entry's and spot's columns repeated; one row for an entry without
 * finds, and one per spot with no entries.
 */
function rowsOf(location: ExportedLocation): Cell[][] {
  const spot = locationCells(location);
  // RFC 4180: every row has as many fields as the header.
  if (location.entries.length === 0) return [[...spot, ...noEntry]];
  return location.entries.flatMap((entry) =>
    entry.finds.length === 0
      ? [[...spot, ...entryCells(entry, undefined)]]
      : entry.finds.map((find) => [...spot, ...entryCells(entry, find)]),
  );
}

export async function* csv(pages: SpotPages): AsyncGenerator<string> {
  async function* rows() {
    for await (const page of pages()) yield page.flatMap(rowsOf);
  }
  yield* csvRows(header, rows());
}

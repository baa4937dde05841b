import { csvExportColumns } from '@fj/contract/export';
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

const noEntry: Cell[] = Array.from({ length: 9 }, () => undefined);

function entryCells(entry: ExportedEntry): Cell[] {
  return [
    entry.id,
    entry.date,
    list(entry.species),
    entry.abundance,
    entry.weather,
    entry.notes,
    list(entry.photos.map((photo) => photo.filePath)),
    entry.createdAt,
    entry.updatedAt,
  ];
}

/** One row per entry, with its spot's columns repeated, plus one row per spot with no entries. */
function rowsOf(location: ExportedLocation): Cell[][] {
  const spot = locationCells(location);
  // RFC 4180: every row has as many fields as the header.
  if (location.entries.length === 0) return [[...spot, ...noEntry]];
  return location.entries.map((entry) => [...spot, ...entryCells(entry)]);
}

export async function* csv(pages: SpotPages): AsyncGenerator<string> {
  async function* rows() {
    for await (const page of pages()) yield page.flatMap(rowsOf);
  }
  yield* csvRows(header, rows());
}

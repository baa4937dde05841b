import { Readable, pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../../../errors.ts';
import { unprotectCell } from '../../../lib/csv-formula.ts';
import { importError } from '../../../lib/import-error.ts';
import { createSpotCollector, textChunks, type Pace, type ReadFile } from '../reading.ts';
import type { CsvColumn, CsvMapping } from './csv-columns.ts';

type Row = Record<string, string>;
type Cell = (column: CsvColumn) => string | undefined;

const uuidOr = (text: string | undefined) =>
  text && /^[0-9a-f-]{36}$/i.test(text) ? text : undefined;

const listOf = (text: string | undefined) =>
  text
    ?.split(';')
    .map((item) => item.trim())
    .filter(Boolean);

function jsonOr(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const numberOr = (text: string | undefined): unknown =>
  text === undefined || Number.isNaN(Number(text)) ? text : Number(text);

function spotFields(cell: Cell): Record<string, unknown> {
  const status = cell('access_status');
  const note = cell('access_note');
  return {
    id: uuidOr(cell('location_id')),
    name: cell('location_name'),
    description: cell('description'),
    position: { lat: numberOr(cell('latitude')), lng: numberOr(cell('longitude')) },
    favorite: cell('favorite') === undefined ? undefined : cell('favorite') === 'true',
    categories: listOf(cell('categories')),
    species: listOf(cell('location_species')),
    terrainType: cell('terrain_type'),
    treeTypes: listOf(cell('tree_types')),
    access: status ? { status, ...(note ? { note } : {}) } : undefined,
    area: jsonOr(cell('patch_geojson')),
    createdAt: cell('location_created_at'),
    updatedAt: cell('location_updated_at'),
    entries: [] as unknown[],
  };
}

/**
 * The finds of a row. A file with a `quantity` column (our export) has a row per find: the
 * species cell is one species, with its quantity and unit. Without it (an older export, another
 * file) the cell is a list of species, split at `;`, without quantities.
 */
function findsOf(cell: Cell, rowPerFind: boolean): Record<string, unknown>[] {
  if (!rowPerFind) return (listOf(cell('entry_species')) ?? []).map((species) => ({ species }));
  const species = cell('entry_species');
  return species === undefined
    ? []
    : [{ species, quantity: numberOr(cell('quantity')), unit: cell('unit') }];
}

function entryFields(cell: Cell, rowPerFind: boolean): Record<string, unknown> {
  return {
    id: uuidOr(cell('entry_id')),
    date: cell('entry_date'),
    finds: findsOf(cell, rowPerFind),
    nothingFound:
      cell('nothing_found') === undefined ? undefined : cell('nothing_found') === 'true',
    abundance: numberOr(cell('abundance')),
    weather: cell('weather'),
    notes: cell('notes'),
    createdAt: cell('entry_created_at'),
    updatedAt: cell('entry_updated_at'),
  };
}

/** Reading past a record this long is refused: no real row comes near it. */
const maxRecordBytes = 1024 * 1024;

/**
 * CSV with a header, streamed: our export's columns (one row per find, its entry's and spot's
 * columns repeated; rows of one entry id are one entry), or any columns named through `mapping` (ours → the file's). Rows of one spot are
 * joined by location_id, else by name and position. Problems are at the spot's first `line n`.
 * Spots and entries are counted as rows come, so a file past a limit stops there.
 */
export async function readCsv(
  source: AsyncIterable<Buffer>,
  pace: Pace,
  mapping: CsvMapping = {},
): Promise<ReadFile> {
  const collector = createSpotCollector('spots');
  const parser = parse({
    columns: true,
    info: true,
    bom: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: maxRecordBytes,
  });
  // The text's own failure (not UTF-8) reaches the loop below through the parser.
  pipeline(Readable.from(textChunks(source)), parser, () => undefined);
  const spots = new Map<string, { at: string; fields: Record<string, unknown> }>();
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Row;
      info: { lines: number };
    }>) {
      const cell: Cell = (column) => {
        const name = mapping[column] ?? column;
        // A column the file does not have is empty, whatever it is named (`toString` too).
        const value = Object.hasOwn(record, name) ? record[name] : undefined;
        // Our export's `'` before a cell a spreadsheet would run (lib/csv-formula.ts) comes off.
        return value === undefined || value === '' ? undefined : unprotectCell(value);
      };
      const rowPerFind = Object.hasOwn(record, mapping.quantity ?? 'quantity');
      const key =
        cell('location_id') ??
        `${cell('location_name') ?? ''}\u0000${cell('latitude') ?? ''}\u0000${cell('longitude') ?? ''}`;
      let spot = spots.get(key);
      if (!spot) {
        collector.count();
        spot = { at: `line ${info.lines}`, fields: spotFields(cell) };
        spots.set(key, spot);
      }
      if (cell('entry_date') !== undefined || cell('entry_id') !== undefined) {
        const entries = spot.fields.entries as Record<string, unknown>[];
        const id = uuidOr(cell('entry_id'));
        // Our export's further rows of an entry (they follow each other): one more find each.
        const last = entries[entries.length - 1];
        const same = id !== undefined && last?.id === id ? last : undefined;
        if (same) (same.finds as unknown[]).push(...findsOf(cell, rowPerFind));
        else {
          collector.countEntries(1);
          entries.push(entryFields(cell, rowPerFind));
        }
      }
      await pace();
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof AppError) throw error;
    const reason = error instanceof CsvError ? error.message : 'unreadable';
    throw importError(`The file is not readable CSV: ${reason}`);
  }
  for (const { at, fields } of spots.values()) {
    collector.add(at, fields, true);
    await pace();
  }
  return collector.file;
}

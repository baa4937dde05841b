import { CsvError, parse } from 'csv-parse/sync';
import { unprotectCell } from '../../../lib/csv-formula.ts';
import { importError } from '../../../lib/import-error.ts';
import type { CsvColumn, CsvMapping } from './csv-columns.ts';
import {
  checkSpot,
  type ImportProblem,
  type ImportedSpot,
  type ParsedFile,
} from '../../../lib/imported-spot.ts';

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

function entryFields(cell: Cell): Record<string, unknown> {
  return {
    id: uuidOr(cell('entry_id')),
    date: cell('entry_date'),
    species: listOf(cell('entry_species')),
    abundance: numberOr(cell('abundance')),
    weather: cell('weather'),
    notes: cell('notes'),
    createdAt: cell('entry_created_at'),
    updatedAt: cell('entry_updated_at'),
  };
}

/**
 * CSV with a header: our export's columns (one row per entry, its spot's columns repeated), or
 * any columns named through `mapping` (ours → the file's). Rows of one spot are joined by
 * location_id, else by name and position. Problems are at the spot's first `line n`.
 */
export function readCsv(text: string, maxFeatures: number, mapping: CsvMapping = {}): ParsedFile {
  let records: { record: Row; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: true,
      info: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
    }) as { record: Row; info: { lines: number } }[];
  } catch (error) {
    const reason = error instanceof CsvError ? error.message : 'unreadable';
    throw importError(`The file is not readable CSV: ${reason}`);
  }
  const spots = new Map<string, { at: string; fields: Record<string, unknown> }>();
  for (const { record, info } of records) {
    const cell: Cell = (column) => {
      const value = record[mapping[column] ?? column];
      // Our export's `'` before a cell a spreadsheet would run (lib/csv-formula.ts) comes off.
      return value === undefined || value === '' ? undefined : unprotectCell(value);
    };
    const key =
      cell('location_id') ??
      `${cell('location_name') ?? ''}\u0000${cell('latitude') ?? ''}\u0000${cell('longitude') ?? ''}`;
    let spot = spots.get(key);
    if (!spot) {
      spot = { at: `line ${info.lines}`, fields: spotFields(cell) };
      spots.set(key, spot);
      if (spots.size > maxFeatures)
        throw importError(
          `The file has more than ${maxFeatures} spots; at most ${maxFeatures} can be imported at once`,
        );
    }
    if (cell('entry_date') !== undefined || cell('entry_id') !== undefined)
      (spot.fields.entries as unknown[]).push(entryFields(cell));
  }
  const parsed: ImportedSpot[] = [];
  const problems: ImportProblem[] = [];
  for (const { at, fields } of spots.values()) {
    const checked = checkSpot(at, fields);
    if ('problem' in checked) problems.push(checked.problem);
    else parsed.push(checked.spot);
  }
  return { spots: parsed, problems };
}

import { csvExportColumns, type CsvExportColumn } from '@fj/contract/export';

/** Our CSV columns an import reads (all but photos, which name the exporting account's files). */
export type CsvColumn = Exclude<CsvExportColumn, 'photos'>;
export const csvColumns = csvExportColumns.filter(
  (column): column is CsvColumn => column !== 'photos',
);

/** Our column → the file's column, or '' for none. */
export type ColumnChoice = Record<CsvColumn, string>;

export const columnLabels: Record<CsvColumn, string> = {
  location_name: 'Spot name',
  latitude: 'Latitude',
  longitude: 'Longitude',
  description: 'Description',
  entry_date: 'Visit date',
  entry_species: 'Species seen',
  quantity: 'Quantity',
  unit: 'Unit (count, g, kg, l)',
  nothing_found: 'Nothing found (true)',
  notes: 'Visit notes',
  abundance: 'Abundance (1–5)',
  weather: 'Weather',
  categories: 'Categories',
  location_species: 'Spot species',
  favorite: 'Favourite',
  terrain_type: 'Terrain',
  tree_types: 'Trees',
  access_status: 'Access',
  access_note: 'Access note',
  patch_geojson: 'Patch (GeoJSON)',
  location_id: 'Spot id',
  location_created_at: 'Spot created',
  location_updated_at: 'Spot updated',
  entry_id: 'Visit id',
  entry_created_at: 'Visit created',
  entry_updated_at: 'Visit updated',
};

/** The order the mapping step shows them in: what most files have first, our ids and dates last. */
export const mappingOrder: readonly CsvColumn[] = [
  'location_name',
  'latitude',
  'longitude',
  'description',
  'entry_date',
  'entry_species',
  'quantity',
  'unit',
  'nothing_found',
  'notes',
  'abundance',
  'weather',
  'categories',
  'location_species',
  'favorite',
  'terrain_type',
  'tree_types',
  'access_status',
  'access_note',
  'patch_geojson',
  'location_id',
  'location_created_at',
  'location_updated_at',
  'entry_id',
  'entry_created_at',
  'entry_updated_at',
];

/** The columns a spot cannot be read without. */
export const requiredColumns: readonly CsvColumn[] = ['location_name', 'latitude', 'longitude'];

const squeeze = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Other names a file commonly gives our columns (iNaturalist's and spreadsheets'), squeezed. */
const synonyms: Partial<Record<CsvColumn, readonly string[]>> = {
  location_name: ['name', 'title', 'placename', 'place', 'spot', 'location'],
  latitude: ['lat', 'y'],
  longitude: ['lon', 'lng', 'long', 'x'],
  description: ['desc', 'comment'],
  entry_date: ['date', 'visited', 'observedon', 'dateobserved', 'when'],
  entry_species: ['species', 'speciesguess', 'scientificname', 'commonname', 'taxon'],
  notes: ['note', 'observationnotes'],
  categories: ['tags', 'category'],
};

/**
 * For each of our columns, the file's column it most likely is: the same name (any case or
 * punctuation), else a common other name, else a header that starts with our name ("Latitude
 * / y coord / northing"); '' when none. Each rule is tried for every column before the next,
 * and a file column is given to one of ours at most.
 */
export function defaultChoice(header: readonly string[]): ColumnChoice {
  const choice = Object.fromEntries(csvColumns.map((column) => [column, ''])) as ColumnChoice;
  const taken = new Set<string>();
  const rules: ((theirs: string, column: CsvColumn) => boolean)[] = [
    (theirs, column) => theirs === squeeze(column),
    (theirs, column) => (synonyms[column] ?? []).includes(theirs),
    (theirs, column) => theirs.startsWith(squeeze(column)),
  ];
  for (const rule of rules) {
    for (const column of csvColumns) {
      if (choice[column]) continue;
      const found = header.find((name) => !taken.has(name) && rule(squeeze(name), column));
      if (found === undefined) continue;
      taken.add(found);
      choice[column] = found;
    }
  }
  return choice;
}

/** The file's column `theirs` for our `column`, taken from any other of ours that had it. */
export function choose(choice: ColumnChoice, column: CsvColumn, theirs: string): ColumnChoice {
  const next = { ...choice, [column]: theirs };
  if (theirs)
    for (const other of csvColumns)
      if (other !== column && next[other] === theirs) next[other] = '';
  return next;
}

/**
 * What the server is sent (docs/files.md#import): only what differs from its own rule,
 * which looks a column not mapped up under our name. '' says "none" where the file has a
 * column of our name that is not to be read.
 */
export function mappingOf(choice: ColumnChoice, header: readonly string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const column of csvColumns) {
    const theirs = choice[column];
    if (theirs === column) continue;
    if (theirs || header.includes(column)) mapping[column] = theirs;
  }
  return mapping;
}

/** The file's header row (its first record), read with csv-parse, loaded on first use. */
export async function csvHeader(file: Blob): Promise<string[]> {
  // The header is in the first few kilobytes; a huge file is not read whole for it.
  const start = await file.slice(0, 64 * 1024).text();
  const { parse } = await import('csv-parse/browser/esm/sync');
  const rows = parse(start, { bom: true, to_line: 1, trim: true, relax_column_count: true });
  const first: unknown = rows[0];
  if (!Array.isArray(first)) return [];
  return first.map(String).filter((name) => name !== '');
}

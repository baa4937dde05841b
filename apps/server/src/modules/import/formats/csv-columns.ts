/** Our export's columns (docs/behaviour.md#export); a mapping names the file's column for each. */
export const csvColumns = [
  'location_id',
  'location_name',
  'description',
  'latitude',
  'longitude',
  'favorite',
  'categories',
  'location_species',
  'terrain_type',
  'tree_types',
  'access_status',
  'access_note',
  'patch_geojson',
  'location_created_at',
  'location_updated_at',
  'entry_id',
  'entry_date',
  'entry_species',
  'abundance',
  'weather',
  'notes',
  'entry_created_at',
  'entry_updated_at',
] as const;
export type CsvColumn = (typeof csvColumns)[number];
export type CsvMapping = Partial<Record<CsvColumn, string>>;

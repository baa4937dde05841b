import { csvExportColumns, type CsvExportColumn } from '@fj/contract/export';

/**
 * Our export's columns (docs/files.md#export) but its photos, which name the exporting
 * account's files; a mapping names the file's column for each.
 */
export type CsvColumn = Exclude<CsvExportColumn, 'photos'>;
export const csvColumns: readonly CsvColumn[] = csvExportColumns.filter(
  (column): column is CsvColumn => column !== 'photos',
);
export type CsvMapping = Partial<Record<CsvColumn, string>>;

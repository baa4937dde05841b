import { z } from './zod.ts';
import { limits } from './limits.ts';

/** What GET /api/v1/export can write (docs/files.md#export). */
export const exportFormats = ['geojson', 'gpx', 'kml', 'csv', 'inaturalist'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** iNaturalist's Geoprivacy column: "obscured" unless the user picks another. */
export const geoprivacyValues = ['obscured', 'open', 'private'] as const;
export type Geoprivacy = (typeof geoprivacyValues)[number];

/**
 * At most this many ids in `ids=`: a URL holds some 16 kB (Node's header limit), and 300 UUIDs
 * with their commas are 11 kB. A larger selection is sent as no `ids` (everything) by the web.
 */
export const maxExportIds = 300;

/**
 * The CSV export's columns, in order (docs/files.md#export); the CSV import reads them back.
 * A row per find: `entry_species` its species, `quantity` and `unit` its own.
 */
export const csvExportColumns = [
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
  'quantity',
  'unit',
  'nothing_found',
  'abundance',
  'weather',
  'notes',
  'photos',
  'entry_created_at',
  'entry_updated_at',
] as const;
export type CsvExportColumn = (typeof csvExportColumns)[number];

/** What GET /export answers: the formats, and `backup`, the account's ZIP as GET /backup sends it. */
export const exportRequestFormats = [...exportFormats, 'backup'] as const;

export const exportQuerySchema = z.object({
  format: z.enum(exportRequestFormats),
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? [...new Set(value.split(',').filter(Boolean))] : undefined))
    .pipe(z.array(z.string().max(limits.idLength)).min(1).max(maxExportIds).optional()),
  geoprivacy: z.enum(geoprivacyValues).default('obscured'),
});
export type ExportQuery = z.input<typeof exportQuerySchema>;

/** The file extension (and so the downloaded name's end) of each format. */
export const exportExtensions: Record<ExportFormat, string> = {
  geojson: 'geojson',
  gpx: 'gpx',
  kml: 'kml',
  csv: 'csv',
  inaturalist: 'csv',
};

/** `foraging-journal-YYYY-MM-DD.<ext>`, the day in UTC. */
export function exportFileName(format: ExportFormat, day: string): string {
  return `foraging-journal-${day}.${exportExtensions[format]}`;
}

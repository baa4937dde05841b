import { restoreSummarySchema } from './backup.ts';
import { z } from './zod.ts';

/** The formats POST /import reads (docs/files.md#import). */
export const importFormats = ['geojson', 'gpx', 'kml', 'kmz', 'csv'] as const;
export type ImportFormat = (typeof importFormats)[number];

export const importQuerySchema = z.object({
  format: z.enum(importFormats).optional(),
  /** The file's name, when the format is to be told from its extension. */
  filename: z.string().max(255).optional(),
  /** CSV only: JSON of our column name → the file's column name. */
  mapping: z.string().max(4_000).optional(),
  /** `true`: POST /import answers what it would do and writes nothing (the preview). */
  preview: z.enum(['true', 'false']).optional(),
});

const counts = z.object({ spots: z.number().int(), entries: z.number().int() });
const problem = z.object({ at: z.string(), message: z.string() });
/** Problems past the first 20 listed in `problems`, counted only (absent when none). */
const moreProblems = z.number().int().optional();

/** The most spots a preview names; `moreSpots` counts the rest. */
export const previewSpotsShown = 100;

/** A spot the import would create: its name and how many entries come with it. */
const previewSpot = z.object({ name: z.string(), entries: z.number().int() });

/** What an import would do (preview) or did: new spots and entries, skipped duplicates, problems. */
export const importPreviewSchema = z.object({
  create: counts,
  /** The preview only: the first spots it would create, in the file's order (absent on a restore). */
  spots: z.array(previewSpot).optional(),
  moreSpots: z.number().int().optional(),
  duplicates: z.number().int(),
  problems: z.array(problem),
  moreProblems,
  /** Present when the file was an account's backup ZIP (restored, not imported). */
  restore: restoreSummarySchema.optional(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  created: counts,
  duplicates: z.number().int(),
  problems: z.array(problem),
  moreProblems,
  restore: restoreSummarySchema.optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /import answers the preview with `?preview=true`, else the result. */
export const importAnswerSchema = z.union([importPreviewSchema, importResultSchema]);

import { z } from './zod.ts';
import { noControls, oneLine } from './cheap-checks.ts';

/** The Photo entry (docs/behaviour.md#photo-entry). URLs are signed and expire, so the server re-signs them on every read. */
export const photoEntrySchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  filePath: z.string(),
  thumbnailFilePath: z.string(),
  name: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  uploadedAt: z.string(),
});
export type PhotoEntry = z.infer<typeof photoEntrySchema>;

export const maxFilePathLength = 300;

/** What an entry write needs of a photo: the stored file it refers to. Other fields are ignored. */
export const photoRefSchema = z.looseObject({
  filePath: z.string().min(1).max(maxFilePathLength).refine(oneLine, noControls),
});

/** Defaults for uploads; the server's config may change them. */
export const photoLimits = {
  maxUploadBytes: 25 * 1024 * 1024,
  maxPixels: 100_000_000,
  displayMaxSide: 2048,
  thumbnailMaxSide: 400,
} as const;

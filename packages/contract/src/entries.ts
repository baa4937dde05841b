import { z } from './zod.ts';
import { boundedArray, noControls, printable } from './cheap-checks.ts';
import { labelSchema } from './common.ts';
import { limits } from './limits.ts';
import { findUnits, findsSchema } from './finds.ts';
import { photoEntrySchema, photoRefSchema } from './photos.ts';

export const entryFieldsSchema = z.object({
  date: z.iso.date(),
  species: boundedArray(labelSchema, limits.entrySpecies).optional(),
  /** What was found, one per species; writing it sets `species` (see finds.ts). */
  finds: findsSchema.optional(),
  /** A visit that found nothing: then `finds` is empty. It is what makes a season's visits. */
  nothingFound: z.boolean().optional(),
  abundance: z.number().int().min(0).max(5).nullable().optional(),
  notes: z.string().max(limits.longTextLength).refine(printable, noControls).nullable().optional(),
  weather: z.string().max(limits.weatherLength).refine(printable, noControls).nullable().optional(),
  photos: boundedArray(photoRefSchema, limits.entryPhotos).optional(),
});

export const createEntrySchema = entryFieldsSchema.extend({ id: z.uuid().optional() });
export type CreateEntryInput = z.infer<typeof createEntrySchema>;

export const updateEntrySchema = entryFieldsSchema.partial();
export type UpdateEntryInput = z.infer<typeof updateEntrySchema>;

/**
 * A find as answers carry it: the server's own values, read without the input's checks (as the
 * other answer fields are), so the hand-written reading of GET /locations matches it simply.
 */
export const findAnswerSchema = z.object({
  species: z.string(),
  quantity: z.number().nullable().optional(),
  unit: z.enum(findUnits).nullable().optional(),
});

export const entrySchema = z.object({
  id: z.string(),
  locationId: z.string(),
  date: z.string(),
  species: z.array(z.string()).optional(),
  /** Always there (empty when nothing was noted); `species` lists their species. */
  finds: z.array(findAnswerSchema),
  nothingFound: z.boolean().optional(),
  abundance: z.number().optional(),
  notes: z.string().optional(),
  weather: z.string().optional(),
  photos: z.array(photoEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Entry = z.infer<typeof entrySchema>;

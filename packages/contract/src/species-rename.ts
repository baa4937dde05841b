import { z } from './zod.ts';
import { labelSchema } from './common.ts';

/**
 * POST /species/rename: every find of `from` (and every location's and the preferences'
 * species list entry) becomes `to`, across the whole journal. Species are matched as speciesKey
 * folds them; `to` already on an entry merges the two finds (docs/behaviour.md#finds).
 */
export const speciesRenameSchema = z.object({ from: labelSchema, to: labelSchema });
export type SpeciesRenameInput = z.infer<typeof speciesRenameSchema>;

/** How many entries and locations changed. */
export const speciesRenameAnswerSchema = z.object({
  data: z.object({ entries: z.number().int().min(0), locations: z.number().int().min(0) }),
});
export type SpeciesRenameAnswer = z.infer<typeof speciesRenameAnswerSchema>;

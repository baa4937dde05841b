import { z } from './zod.ts';
import { locationSchema } from './locations.ts';

/** GET /search's answer: a page of matches (docs/behaviour.md#search) and how many in all. */
export const searchAnswerSchema = z.object({
  data: z.array(z.object({ location: locationSchema, entryIds: z.array(z.string()) })),
  total: z.number().int().min(0),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

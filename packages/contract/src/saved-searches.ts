import { z } from './zod.ts';
import { noControls, oneLine } from './cheap-checks.ts';
import { limits } from './limits.ts';
import { searchLimits } from './search-facets.ts';
import { parseQuery } from './search-query.ts';

/** A user keeps at most this many saved searches (docs/behaviour.md#search). */
export const maxSavedSearches = 200;

/** The query box's text, which must read without a problem. */
const querySchema = z
  .string()
  .max(searchLimits.queryLength)
  .superRefine((query, ctx) => {
    for (const problem of parseQuery(query).problems) {
      ctx.addIssue({ code: 'custom', message: `${problem.key}: ${problem.message}` });
    }
  });

export const savedSearchFieldsSchema = z.object({
  name: z.string().trim().min(1).max(limits.nameLength).refine(oneLine, noControls),
  query: querySchema,
});

/** POST /searches: the id may be the client's (a retry with it is answered, not repeated). */
export const createSavedSearchSchema = savedSearchFieldsSchema.extend({ id: z.uuid().optional() });
export type CreateSavedSearchInput = z.infer<typeof createSavedSearchSchema>;

/** PUT /searches/{id}: the fields that change. */
export const updateSavedSearchSchema = savedSearchFieldsSchema.partial();
export type UpdateSavedSearchInput = z.infer<typeof updateSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /searches: the user's saved searches, by name. */
export const savedSearchListSchema = z.object({ data: z.array(savedSearchSchema) });

/** A saved search as a backup holds it (docs/files.md#backup). */
export const backupSearchSchema = savedSearchFieldsSchema.extend({
  id: z.string().trim().min(1).max(limits.idLength).refine(oneLine, noControls),
  createdAt: z.string().max(40),
  updatedAt: z.string().max(40),
});
export type BackupSearch = z.infer<typeof backupSearchSchema>;

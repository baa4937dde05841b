import { z } from './zod.ts';

const counts = z.object({
  spots: z.number().int(),
  entries: z.number().int(),
  photos: z.number().int(),
});

/**
 * What restoring an account's backup ZIP through POST /import would do (preview) or did: what
 * the backup holds, what it adds, what it skips because the account has those ids already, and
 * how many ids were another account's and so were given new ones (docs/files.md#restore).
 */
export const restoreSummarySchema = z.object({
  backup: counts,
  added: counts,
  skipped: counts,
  newIds: z.number().int(),
  /** Whether the account's preferences are replaced by the backup's (an empty account's are). */
  preferences: z.boolean(),
});
export type RestoreSummary = z.infer<typeof restoreSummarySchema>;

import { savedSearchListSchema, type SavedSearch } from '@fj/contract/saved-searches';

/** The local copy's `meta` key for the saved searches (docs/architecture.md#local-copy). */
export const SEARCHES_KEY = 'savedSearches';

/** Saved searches as the copy holds them, or undefined for anything else (never written). */
export function keptSearches(value: unknown): SavedSearch[] | undefined {
  const read = savedSearchListSchema.safeParse({ data: value });
  return read.success ? read.data.data : undefined;
}

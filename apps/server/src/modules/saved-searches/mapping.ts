import type { SavedSearch } from '@fj/contract/saved-searches';
import type { SavedSearchesTable } from '../../db/schema.ts';

export const toSavedSearch = (row: SavedSearchesTable): SavedSearch => ({
  id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

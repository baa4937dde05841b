import {
  savedSearchListSchema,
  savedSearchSchema,
  type CreateSavedSearchInput,
  type SavedSearch,
  type UpdateSavedSearchInput,
} from '@fj/contract/saved-searches';
import { api } from './api-client.ts';

const searchPath = (id: string) => `/searches/${encodeURIComponent(id.trim())}`;

/** /searches (docs/behaviour.md#saved-searches): the user's saved searches, by name. */
export const savedSearchesApi = {
  list: async (): Promise<SavedSearch[]> =>
    (await api.get('/searches', savedSearchListSchema)).data,
  /** With the client's id, so a retried create answers the first one's search. */
  create: (input: CreateSavedSearchInput & { id: string }): Promise<SavedSearch> =>
    api.post('/searches', input, savedSearchSchema),
  update: (id: string, changes: UpdateSavedSearchInput): Promise<SavedSearch> =>
    api.put(searchPath(id), changes, savedSearchSchema),
  remove: async (id: string): Promise<void> => {
    await api.delete(searchPath(id));
  },
};

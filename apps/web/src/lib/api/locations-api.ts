import type { CreateEntryInput, UpdateEntryInput } from '@fj/contract/entries';
import { locationListReading } from '@fj/contract/location-reading';
import {
  entryWriteReadingSchema,
  locationCreateReadingSchema,
  locationUpdateReadingSchema,
  type CreateLocationInput,
  type Location,
  type UpdateLocationInput,
} from '@fj/contract/locations';
import { syncAnswerSchema, syncCursorHeader, type SyncAnswer } from '@fj/contract/sync';
import { api } from './api-client.ts';
import { locationListPath, syncPath } from './location-paths.ts';

/** docs/behaviour.md#validation: identifiers are trimmed before they go into a path. */
const segment = (id: string) => encodeURIComponent(id.trim());
const locationPath = (id: string) => `/locations/${segment(id)}`;
const entryPath = (locationId: string, entryId: string) =>
  `${locationPath(locationId)}/entries/${segment(entryId)}`;

/**
 * The location calls (docs/behaviour.md#endpoints). Every answer is read with the contract's
 * schema (or its reading by hand); one that does not match rejects with an ApiError
 * (INVALID_RESPONSE).
 */
export const locationsApi = {
  /**
   * The whole list, and the cursor to continue from with `sync` when the server gives one (its
   * Sync-Cursor header; the original API gives none). Read by hand (location-reading.ts): zod
   * took a good part of the map's first draw at 10,000 spots.
   */
  list: async (): Promise<{ locations: Location[]; cursor: string | null }> => {
    const answer = await api.getWithHeaders(locationListPath, locationListReading);
    const locations = Array.isArray(answer.data) ? answer.data : answer.data.data;
    return { locations, cursor: answer.header(syncCursorHeader) };
  },
  /** What changed since the cursor (docs/behaviour.md#sync); everything without one. */
  sync: (since: string | null): Promise<SyncAnswer> => api.get(syncPath(since), syncAnswerSchema),
  create: (location: CreateLocationInput) =>
    api.post(locationListPath, location, locationCreateReadingSchema),
  /** Answers the whole updated location when the server sent one. */
  update: async (id: string, changes: UpdateLocationInput): Promise<Location | undefined> => {
    const answer = await api.put(locationPath(id), changes, locationUpdateReadingSchema);
    return answer?.entries ? answer : undefined;
  },
  remove: async (id: string): Promise<void> => {
    await api.delete(locationPath(id));
  },
  createEntry: (locationId: string, entry: CreateEntryInput) =>
    api.post(`${locationPath(locationId)}/entries`, entry, entryWriteReadingSchema),
  updateEntry: (locationId: string, entryId: string, changes: UpdateEntryInput) =>
    api.put(entryPath(locationId, entryId), changes, entryWriteReadingSchema),
  removeEntry: (locationId: string, entryId: string) =>
    api.delete(entryPath(locationId, entryId), entryWriteReadingSchema),
};

import type { CreateEntryInput, UpdateEntryInput } from '@fj/contract/entries';
import type { CreateLocationInput, Location, UpdateLocationInput } from '@fj/contract/locations';
import { api } from './api-client.ts';

/** POST /locations answers an id and possibly the whole location (docs/behaviour.md#endpoints). */
export type LocationCreateAnswer = Partial<Location> & { id: string };

/** Entry writes may carry the whole updated location (docs/behaviour.md#endpoints); older servers send the entry's id. */
export interface EntryAnswer {
  location?: Location;
  id?: string;
}

/** docs/behaviour.md#validation: identifiers are trimmed before they go into a path. */
const segment = (id: string) => encodeURIComponent(id.trim());
const locationPath = (id: string) => `/locations/${segment(id)}`;
const entryPath = (locationId: string, entryId: string) =>
  `${locationPath(locationId)}/entries/${segment(entryId)}`;

function asList(body: unknown): Location[] {
  if (Array.isArray(body)) return body as Location[];
  if (typeof body === 'object' && body !== null && 'data' in body && Array.isArray(body.data))
    return body.data as Location[];
  return [];
}

const entryAnswer = (body: unknown): EntryAnswer =>
  typeof body === 'object' && body !== null ? (body as EntryAnswer) : {};

export const locationsApi = {
  /** GET /locations: a list, or `{ data: [...] }`. */
  list: async (): Promise<Location[]> => asList(await api.get<unknown>('/locations')),
  create: (location: CreateLocationInput) => api.post<LocationCreateAnswer>('/locations', location),
  update: (id: string, changes: UpdateLocationInput) => api.put<unknown>(locationPath(id), changes),
  remove: async (id: string): Promise<void> => {
    await api.delete<unknown>(locationPath(id));
  },
  createEntry: async (locationId: string, entry: CreateEntryInput) =>
    entryAnswer(await api.post<unknown>(`${locationPath(locationId)}/entries`, entry)),
  updateEntry: async (locationId: string, entryId: string, changes: UpdateEntryInput) =>
    entryAnswer(await api.put<unknown>(entryPath(locationId, entryId), changes)),
  removeEntry: async (locationId: string, entryId: string) =>
    entryAnswer(await api.delete<unknown>(entryPath(locationId, entryId))),
};

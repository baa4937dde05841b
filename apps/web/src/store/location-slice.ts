import type { EntryWriteAnswer, Location } from '@fj/contract/locations';
import type { Preferences } from '@fj/contract/preferences';
import { locationsApi } from '../lib/api/locations-api.ts';
import {
  locationFromCreate,
  replaceLocation,
  sameId,
  withChanges,
  withEntryAdded,
  withEntryChanged,
  withEntryRemoved,
} from './location-helpers.ts';
import type { GetJournal, LocationActions, SetJournal } from './journal-types.ts';
import { readLocations } from './location-sync.ts';

/** docs/behaviour.md#journal-store: a location fetch within this window answers from the store. */
export const LOCATIONS_CACHE_MS = 30_000;
/** docs/behaviour.md#error-catalogue */
export const LOCATIONS_LOAD_FAILED = 'Failed to load locations';
export const USER_NOT_AUTHENTICATED = 'User not authenticated';

/** docs/behaviour.md#validation: writes without a user fail with 'User not authenticated'. */
function requireUser(get: GetJournal): string {
  const uid = get().userId;
  if (!uid) throw new Error(USER_NOT_AUTHENTICATED);
  return uid;
}

/** docs/behaviour.md#error-catalogue: location and entry write failures are logged and re-thrown to the caller. */
async function loggedWrite<T>(label: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    console.error(`Failed to ${label}`, error);
    throw error;
  }
}

/** Where preferences a sync answer carried go (the species slice takes them). */
export type ServerPreferencesSink = (uid: string, preferences: Preferences) => void;

export function createLocationSlice(
  set: SetJournal,
  get: GetJournal,
  onServerPreferences: ServerPreferencesSink = () => undefined,
): LocationActions {
  const put = (location: Location) =>
    set((state) => ({ locations: replaceLocation(state.locations, location) }));

  /** Entry writes wait for the server; its whole location wins, else the change is made here. */
  function applyEntryAnswer(
    locationId: string,
    answer: EntryWriteAnswer,
    local: (location: Location) => Location,
  ) {
    if (answer.location) return put(answer.location);
    const location = get().locations.find((item) => sameId(item.id, locationId));
    if (location) put(local(location));
  }

  return {
    async fetchLocations(force = false) {
      const uid = get().userId;
      if (!uid) return console.warn('fetchLocations: no signed-in user; ignored');
      const { locationsLoading, lastLocationsFetch } = get();
      if (locationsLoading) return;
      // docs/behaviour.md#location-loading: a fetch under 30 s after the last one is skipped unless forced.
      if (
        !force &&
        lastLocationsFetch !== null &&
        Date.now() - lastLocationsFetch < LOCATIONS_CACHE_MS
      )
        return;
      set({ locationsLoading: true, locationsError: null });
      try {
        const read = await readLocations(get().syncCursor, () => get().locations);
        if (get().userId === uid) {
          set({
            locations: read.locations,
            syncCursor: read.cursor,
            lastLocationsFetch: Date.now(),
          });
          if (read.preferences) onServerPreferences(uid, read.preferences);
        }
      } catch (error) {
        console.error(LOCATIONS_LOAD_FAILED, error);
        if (get().userId === uid) set({ locationsError: LOCATIONS_LOAD_FAILED });
      } finally {
        set({ locationsLoading: false });
      }
    },

    async addLocation(input) {
      requireUser(get);
      return loggedWrite('add location', async () => {
        const location = locationFromCreate(input, await locationsApi.create(input));
        put(location);
        return location;
      });
    },

    async updateLocation(id, changes) {
      requireUser(get);
      // Optimistic (docs/behaviour.md#optimistic-changes): shown first, refetched if the server refuses.
      const before = get().locations.find((item) => sameId(item.id, id));
      if (before) put(withChanges(before, changes));
      await loggedWrite('update location', async () => {
        try {
          const answered = await locationsApi.update(id, changes);
          if (answered) put(answered);
        } catch (error) {
          void get().fetchLocations(true);
          throw error;
        }
      });
    },

    async deleteLocation(id) {
      requireUser(get);
      await loggedWrite('delete location', async () => {
        await locationsApi.remove(id);
        set((state) => ({ locations: state.locations.filter((item) => !sameId(item.id, id)) }));
      });
    },

    async addEntry(locationId, entry) {
      requireUser(get);
      await loggedWrite('add entry', async () => {
        const answer = await locationsApi.createEntry(locationId, entry);
        applyEntryAnswer(locationId, answer, (location) =>
          withEntryAdded(location, entry, answer.id),
        );
      });
    },

    async updateEntry(locationId, entryId, changes) {
      requireUser(get);
      await loggedWrite('update entry', async () => {
        const answer = await locationsApi.updateEntry(locationId, entryId, changes);
        applyEntryAnswer(locationId, answer, (location) =>
          withEntryChanged(location, entryId, changes),
        );
      });
    },

    async deleteEntry(locationId, entryId) {
      requireUser(get);
      await loggedWrite('delete entry', async () => {
        const answer = await locationsApi.removeEntry(locationId, entryId);
        applyEntryAnswer(locationId, answer, (location) => withEntryRemoved(location, entryId));
      });
    },
  };
}

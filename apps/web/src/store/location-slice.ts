import type { EntryWriteAnswer, Location } from '@fj/contract/locations';
import { isNoResponse } from '../lib/offline/no-response.ts';
import type { OutboxOp } from '../lib/offline/outbox-ops.ts';
import type { Preferences } from '@fj/contract/preferences';
import type { SavedSearch } from '@fj/contract/saved-searches';
import { locationsApi } from '../lib/api/locations-api.ts';
import {
  changedFields,
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
import type { OfflineJournal } from './offline-journal.ts';

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

/**
 * A write that waits for the server (docs/behaviour.md#outbox), with the outbox behind it: queued at once when
 * the device is offline or the write depends on a queued one (its order is kept), queued when
 * the request got no answer, and logged and re-thrown when the server answered with an error,
 * whatever else waits in the outbox.
 */
export async function writeOrQueue<T>(
  offline: OfflineJournal,
  label: string,
  op: OutboxOp,
  online: () => Promise<T>,
  queued: () => T,
): Promise<T> {
  if (offline.mustQueue(op)) {
    await offline.enqueue(op);
    return queued();
  }
  try {
    return await loggedWrite(label, online);
  } catch (error) {
    if (!isNoResponse(error)) throw error;
    await offline.enqueue(op);
    return queued();
  }
}

/** Where preferences a sync answer carried go (the species slice takes them). */
export type ServerPreferencesSink = (uid: string, preferences: Preferences) => void;

export function createLocationSlice(
  set: SetJournal,
  get: GetJournal,
  offline: OfflineJournal,
  onServerPreferences: ServerPreferencesSink = () => undefined,
  onServerSearches: (uid: string, searches: SavedSearch[]) => void = () => undefined,
): LocationActions {
  const put = (location: Location) =>
    offline.commitServer(replaceLocation(get().serverLocations, location));
  const shown = (id: string) => get().locations.find((item) => sameId(item.id, id));

  /** Entry writes wait for the server; its whole location wins, else the change is made here. */
  function applyEntryAnswer(
    locationId: string,
    answer: EntryWriteAnswer,
    local: (location: Location) => Location,
  ) {
    if (answer.location) return put(answer.location);
    const location = get().serverLocations.find((item) => sameId(item.id, locationId));
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
        // The local copy first: a read applies to it, never the other way round.
        await offline.hydrated();
        const read = await readLocations(get);
        if (get().userId === uid) {
          offline.commitServer(read.locations, { cursor: read.cursor });
          set({ lastLocationsFetch: Date.now() });
          if (read.preferences) onServerPreferences(uid, read.preferences);
          if (read.searches) onServerSearches(uid, read.searches);
        }
      } catch (error) {
        // Offline with a local copy the journal is all there: no failure to show.
        const offlineWithCopy = isNoResponse(error) && get().lastSyncedAt !== null;
        if (offlineWithCopy) console.warn(LOCATIONS_LOAD_FAILED, error);
        else console.error(LOCATIONS_LOAD_FAILED, error);
        if (get().userId === uid && !offlineWithCopy)
          set({ locationsError: LOCATIONS_LOAD_FAILED });
      } finally {
        set({ locationsLoading: false });
      }
    },

    async addLocation(input) {
      requireUser(get);
      // The id is chosen here, so a write that got no answer is replayed as the same location.
      const withId = { ...input, id: input.id ?? crypto.randomUUID() };
      return writeOrQueue(
        offline,
        'add location',
        { kind: 'createLocation', input: withId },
        async () => {
          const location = locationFromCreate(withId, await locationsApi.create(withId));
          put(location);
          return location;
        },
        () => shown(withId.id) ?? locationFromCreate(withId, { id: withId.id }),
      );
    },

    async updateLocation(id, changes) {
      requireUser(get);
      const before = shown(id);
      // Only what this edit changed goes out, so another device's change to another field stays.
      const changed = before ? changedFields(before, changes) : changes;
      if (Object.keys(changed).length === 0) return;
      const op: OutboxOp = { kind: 'updateLocation', id, changes: changed };
      if (offline.mustQueue(op)) return offline.enqueue(op);
      // Optimistic (docs/behaviour.md#optimistic-changes): shown first, refetched if the server refuses.
      if (before)
        set({ locations: replaceLocation(get().locations, withChanges(before, changed)) });
      try {
        await loggedWrite('update location', async () => {
          try {
            const answered = await locationsApi.update(id, changed);
            const server = get().serverLocations.find((item) => sameId(item.id, id));
            if (answered) put(answered);
            else if (server) put(withChanges(server, changed));
          } catch (error) {
            if (!isNoResponse(error)) void get().fetchLocations(true);
            throw error;
          }
        });
      } catch (error) {
        if (!isNoResponse(error)) throw error;
        await offline.enqueue(op);
      }
    },

    async deleteLocation(id) {
      requireUser(get);
      await writeOrQueue(
        offline,
        'delete location',
        { kind: 'deleteLocation', id },
        async () => {
          await locationsApi.remove(id);
          offline.commitServer(get().serverLocations.filter((item) => !sameId(item.id, id)));
        },
        () => undefined,
      );
    },

    async addEntry(locationId, entry) {
      requireUser(get);
      const withId = { ...entry, id: entry.id ?? crypto.randomUUID() };
      await writeOrQueue(
        offline,
        'add entry',
        { kind: 'createEntry', locationId, entry: withId },
        async () => {
          // Photos kept on the device (picked offline) go up first, as the replay would send them.
          const sent = withId.photos
            ? { ...withId, photos: await offline.uploadKeptPhotos(withId.photos) }
            : withId;
          const answer = await locationsApi.createEntry(locationId, sent);
          applyEntryAnswer(locationId, answer, (location) =>
            withEntryAdded(location, sent, answer.id),
          );
          offline.forgetKeptPhotos(withId.photos ?? []);
        },
        () => undefined,
      );
    },

    async updateEntry(locationId, entryId, changes) {
      requireUser(get);
      await writeOrQueue(
        offline,
        'update entry',
        { kind: 'updateEntry', locationId, entryId, changes },
        async () => {
          const sent = changes.photos
            ? { ...changes, photos: await offline.uploadKeptPhotos(changes.photos) }
            : changes;
          const answer = await locationsApi.updateEntry(locationId, entryId, sent);
          applyEntryAnswer(locationId, answer, (location) =>
            withEntryChanged(location, entryId, sent),
          );
          offline.forgetKeptPhotos(changes.photos ?? []);
        },
        () => undefined,
      );
    },

    async deleteEntry(locationId, entryId) {
      requireUser(get);
      await writeOrQueue(
        offline,
        'delete entry',
        { kind: 'deleteEntry', locationId, entryId },
        async () => {
          const answer = await locationsApi.removeEntry(locationId, entryId);
          applyEntryAnswer(locationId, answer, (location) => withEntryRemoved(location, entryId));
        },
        () => undefined,
      );
    },
  };
}

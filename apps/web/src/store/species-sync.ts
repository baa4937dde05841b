import { speciesService, toSpeciesData, type SpeciesData } from '../lib/api/species-service.ts';
import type { GetJournal, SetJournal } from './journal-types.ts';
import { withPendingRenames } from './pending-overlay.ts';

/** docs/behaviour.md#error-catalogue */
export const SPECIES_LOAD_FAILED = 'Failed to load species data';

/** docs/behaviour.md#validation: species actions without a user log a warning and do nothing. */
export function signedIn(get: GetJournal, action: string): string | null {
  const uid = get().userId;
  if (!uid) console.warn(`${action}: no signed-in user; ignored`);
  return uid;
}

/**
 * Reads the species, terrain and tree lists from the server (docs/behaviour.md#species-service) and remembers whether
 * this session has done so for the signed-in user. Edits wait for that: a list only partly
 * known (stored on this device, or not read yet) must never be written back over the
 * server's: that would drop names the user never removed.
 */
export function createSpeciesSync(
  set: SetJournal,
  get: GetJournal,
  remember: (uid: string, preferences: unknown) => void = () => undefined,
) {
  let syncedUid: string | null = null;
  let inFlight: { uid: string; promise: Promise<void> } | null = null;

  /** The server's lists, for this user: shown, and from now on what edits start from. */
  function accept(uid: string, data: SpeciesData) {
    if (get().userId !== uid) return;
    const { terrainOptions, treeOptions } = get();
    // Every name the server holds is kept, also those that repeat a built-in one.
    set({
      // A rename still queued shows on the lists too (the server makes it when it arrives).
      speciesCategories: withPendingRenames(data.categories, get().outbox),
      terrainOptions: { ...terrainOptions, custom: data.terrainTypes ?? terrainOptions.custom },
      treeOptions: { ...treeOptions, custom: data.treeTypes ?? treeOptions.custom },
    });
    syncedUid = uid;
    // In the preferences' own shape, so the local copy gives them back as the server would.
    remember(uid, {
      categories: Object.keys(data.categories),
      species: data.categories,
      ...(data.terrainTypes ? { terrainTypes: data.terrainTypes } : {}),
      ...(data.treeTypes ? { treeTypes: data.treeTypes } : {}),
    });
  }

  async function load(uid: string, force: boolean) {
    set({ speciesLoading: true, speciesError: null });
    try {
      accept(uid, await speciesService.getSpeciesData(force));
    } catch (error) {
      console.error(SPECIES_LOAD_FAILED, error);
      if (get().userId === uid) set({ speciesError: SPECIES_LOAD_FAILED });
    } finally {
      set({ speciesLoading: false });
    }
  }

  /** docs/behaviour.md#species-loading: skipped while a fetch for the same user is running (its promise is shared). */
  function fetchSpecies(force = false): Promise<void> {
    const uid = signedIn(get, 'fetchSpecies');
    if (!uid) return Promise.resolve();
    if (inFlight?.uid === uid) return inFlight.promise;
    const promise = load(uid, force).finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
    inFlight = { uid, promise };
    return promise;
  }

  /**
   * Runs `edit` on lists that hold the server's values: at once (so the change shows first)
   * when this session has read them, otherwise after reading them. If they cannot be read,
   * the edit is dropped and logged; the species section shows the load failure.
   */
  function onServerLists(uid: string, label: string, edit: () => Promise<void>): Promise<void> {
    if (syncedUid === uid) return edit();
    return fetchSpecies().then(() => {
      if (syncedUid === uid && get().userId === uid) return edit();
      console.error(`Failed to update ${label}: the saved lists could not be read first`);
    });
  }

  return {
    fetchSpecies,
    onServerLists,
    /** Preferences a sync answer carried (docs/behaviour.md#sync): the lists as if read. */
    takeServerLists: (uid: string, preferences: unknown) => accept(uid, toSpeciesData(preferences)),
    /**
     * The lists the local copy held (docs/architecture.md#local-copy): edits may start from
     * them offline. Lists already on screen are newer (they hold this device's queued edits).
     */
    restore(uid: string, preferences: unknown) {
      if (get().userId !== uid || syncedUid === uid) return;
      if (Object.keys(get().speciesCategories).length === 0)
        accept(uid, toSpeciesData(preferences));
      else syncedUid = uid;
    },
    /** Reset or another user: the lists must be read again before the next edit. */
    forget() {
      syncedUid = null;
      inFlight = null;
    },
  };
}

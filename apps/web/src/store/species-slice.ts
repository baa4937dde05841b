import {
  speciesService,
  speciesWrites,
  type PreferencesWrite,
} from '../lib/api/species-service.ts';
import { isNoResponse } from '../lib/offline/no-response.ts';
import {
  hasCategory,
  speciesIn,
  tidyLabels,
  withCategory,
  withoutCategory,
} from '../lib/labels.ts';
import type { GetJournal, SetJournal, SpeciesActions } from './journal-types.ts';
import type { OfflineJournal } from './offline-journal.ts';
import { createSpeciesSync, signedIn } from './species-sync.ts';

type OptionKey = 'terrainOptions' | 'treeOptions';
const optionLabel = (key: OptionKey) => (key === 'terrainOptions' ? 'terrain types' : 'tree types');

export function createSpeciesSlice(
  set: SetJournal,
  get: GetJournal,
  offline: OfflineJournal,
): SpeciesActions & {
  forgetServerLists(): void;
  takeServerLists(uid: string, preferences: unknown): void;
  restoreServerLists(uid: string, preferences: unknown): void;
} {
  const sync = createSpeciesSync(set, get, (uid, lists) => offline.saveServerLists(uid, lists));

  /** A preferences PUT, or the outbox when it cannot reach the server or waits behind a queued one (as location writes). */
  async function send(write: PreferencesWrite): Promise<'saved' | 'queued'> {
    const op = { kind: 'preferences' as const, ...write };
    if (offline.mustQueue(op)) {
      await offline.enqueue(op);
      return 'queued';
    }
    try {
      await speciesService.write(write);
      return 'saved';
    } catch (error) {
      if (!isNoResponse(error)) throw error;
      await offline.enqueue(op);
      return 'queued';
    }
  }
  /** What Settings confirms: how the change it made went. */
  const noteSave = (outcome: 'saved' | 'queued' | 'failed') =>
    set({ settingsSave: { at: Date.now(), outcome } });
  /**
   * Edits on their way to the server. Lists a sync answer brings meanwhile may predate them, so
   * they are left alone: the edit raises the server's revision, and the next sync brings the
   * lists again, edit included.
   */
  let writing = 0;
  async function sending(write: () => Promise<'saved' | 'queued'>) {
    writing += 1;
    try {
      noteSave(await write());
    } finally {
      writing -= 1;
    }
  }

  /** Optimistic species change: shown first; on failure logged, then the truth refetched. */
  async function saveSpecies(label: string, write: () => Promise<'saved' | 'queued'>) {
    try {
      await sending(write);
    } catch (error) {
      noteSave('failed');
      console.error(`Failed to update ${label}`, error);
      void sync.fetchSpecies(true);
    }
  }

  function setCategories(categories: Record<string, string[]>) {
    set({ speciesCategories: categories });
    return saveSpecies('species categories', () =>
      send(speciesWrites.categories(Object.keys(categories))),
    );
  }

  function setSpeciesOf(category: string, species: string[]) {
    set({ speciesCategories: withCategory(get().speciesCategories, category, species) });
    return saveSpecies('species', () => send(speciesWrites.species(category, species)));
  }

  /** Terrain and tree changes: shown first; a failure is only logged (docs/behaviour.md#optimistic-changes). */
  async function setCustom(key: OptionKey, custom: string[]) {
    set({ [key]: { ...get()[key], custom } });
    const write = key === 'terrainOptions' ? speciesWrites.terrain : speciesWrites.trees;
    try {
      await sending(() => send(write(custom)));
    } catch (error) {
      noteSave('failed');
      console.error(`Failed to update ${optionLabel(key)}`, error);
    }
  }

  /** Every edit starts from the server's lists, so it changes only what the user changed. */
  function edit(action: string, label: string, change: () => Promise<void>): Promise<void> {
    const uid = signedIn(get, action);
    if (!uid) return Promise.resolve();
    return sync.onServerLists(uid, label, change);
  }

  const addCustom = (key: OptionKey, action: string, name: string) =>
    edit(action, optionLabel(key), async () => {
      const trimmed = name.trim();
      const { custom } = get()[key];
      if (!trimmed || custom.includes(trimmed)) return;
      await setCustom(key, [...custom, trimmed]);
    });

  const removeCustom = (key: OptionKey, action: string, name: string) =>
    edit(action, optionLabel(key), async () => {
      const { custom } = get()[key];
      if (!custom.includes(name)) return;
      await setCustom(
        key,
        custom.filter((item) => item !== name),
      );
    });

  return {
    async saveTutorialFlag(show) {
      try {
        noteSave(await send(speciesWrites.tutorial(show)));
        return true;
      } catch (error) {
        noteSave('failed');
        console.error('Failed to update tutorial flag', error);
        return false;
      }
    },
    fetchSpecies: sync.fetchSpecies,
    forgetServerLists: sync.forget,
    restoreServerLists: sync.restore,
    takeServerLists(uid, preferences) {
      if (writing === 0) sync.takeServerLists(uid, preferences);
    },

    addSpeciesCategory: (name) =>
      edit('addSpeciesCategory', 'species categories', async () => {
        const trimmed = name.trim();
        const current = get().speciesCategories;
        if (!trimmed || hasCategory(current, trimmed)) return;
        await setCategories(withCategory(current, trimmed, []));
      }),

    removeSpeciesCategory: (name) =>
      edit('removeSpeciesCategory', 'species categories', async () => {
        const current = get().speciesCategories;
        if (!hasCategory(current, name)) return;
        await setCategories(withoutCategory(current, name));
      }),

    addSpecies: (category, species) =>
      edit('addSpecies', 'species', async () => {
        const name = category.trim();
        const trimmed = species.trim();
        const list = speciesIn(get().speciesCategories, name);
        if (!name || !trimmed || list.includes(trimmed)) return;
        await setSpeciesOf(name, tidyLabels([...list, trimmed]));
      }),

    removeSpecies: (category, species) =>
      edit('removeSpecies', 'species', async () => {
        const list = speciesIn(get().speciesCategories, category);
        if (!list.includes(species)) return;
        await setSpeciesOf(
          category,
          list.filter((item) => item !== species),
        );
      }),

    addCustomTerrain: (name) => addCustom('terrainOptions', 'addCustomTerrain', name),
    removeCustomTerrain: (name) => removeCustom('terrainOptions', 'removeCustomTerrain', name),
    addCustomTree: (name) => addCustom('treeOptions', 'addCustomTree', name),
    removeCustomTree: (name) => removeCustom('treeOptions', 'removeCustomTree', name),
  };
}

import { speciesService } from '../lib/api/species-service.ts';
import { tidyLabels } from '../lib/labels.ts';
import { MESSAGES } from '../lib/spec-constants.ts';
import type { GetJournal, OptionLists, SetJournal, SpeciesActions } from './journal-types.ts';

/** SPEC.md §5: species actions without a user log a warning and do nothing. */
function signedIn(get: GetJournal, action: string): string | null {
  const uid = get().userId;
  if (!uid) console.warn(`${action}: no signed-in user; ignored`);
  return uid;
}

/** Server custom lists minus what the default list already offers (any case). */
function customBeyondDefaults(lists: OptionLists, server: string[] | undefined): string[] {
  if (!server) return lists.custom;
  const defaults = new Set(lists.default.map((name) => name.toLowerCase()));
  return server.filter((name) => !defaults.has(name.toLowerCase()));
}

type OptionKey = 'terrainOptions' | 'treeOptions';

export function createSpeciesSlice(set: SetJournal, get: GetJournal): SpeciesActions {
  /** Optimistic species change: shown first; on failure logged, then the truth refetched. */
  async function saveSpecies(label: string, write: () => Promise<void>) {
    try {
      await write();
    } catch (error) {
      console.error(`Failed to update ${label}`, error);
      void get().fetchSpecies(true);
    }
  }

  function setCategories(categories: Record<string, string[]>) {
    set({ speciesCategories: categories });
    return saveSpecies('species categories', () =>
      speciesService.updateCategories(Object.keys(categories)),
    );
  }

  function setSpeciesOf(category: string, species: string[]) {
    set({ speciesCategories: { ...get().speciesCategories, [category]: species } });
    return saveSpecies('species', () => speciesService.updateSpecies(category, species));
  }

  /** Terrain and tree changes: shown first; a failure is only logged (SPEC.md §8). */
  async function setCustom(key: OptionKey, custom: string[]) {
    set({ [key]: { ...get()[key], custom } });
    const write =
      key === 'terrainOptions' ? speciesService.updateTerrain : speciesService.updateTrees;
    try {
      await write(custom);
    } catch (error) {
      console.error(
        `Failed to update ${key === 'terrainOptions' ? 'terrain' : 'tree'} types`,
        error,
      );
    }
  }

  async function addCustom(key: OptionKey, action: string, name: string) {
    if (!signedIn(get, action)) return;
    const trimmed = name.trim();
    const { custom } = get()[key];
    if (!trimmed || custom.includes(trimmed)) return;
    await setCustom(key, [...custom, trimmed]);
  }

  async function removeCustom(key: OptionKey, action: string, name: string) {
    if (!signedIn(get, action)) return;
    const { custom } = get()[key];
    if (!custom.includes(name)) return;
    await setCustom(
      key,
      custom.filter((item) => item !== name),
    );
  }

  return {
    async fetchSpecies(force = false) {
      const uid = signedIn(get, 'fetchSpecies');
      if (!uid || get().speciesLoading) return;
      set({ speciesLoading: true, speciesError: null });
      try {
        const data = await speciesService.getSpeciesData(force);
        if (get().userId !== uid) return;
        const { terrainOptions, treeOptions } = get();
        set({
          speciesCategories: data.categories,
          terrainOptions: {
            ...terrainOptions,
            custom: customBeyondDefaults(terrainOptions, data.terrainTypes),
          },
          treeOptions: {
            ...treeOptions,
            custom: customBeyondDefaults(treeOptions, data.treeTypes),
          },
        });
      } catch (error) {
        console.error(MESSAGES.speciesLoadFailed, error);
        if (get().userId === uid) set({ speciesError: MESSAGES.speciesLoadFailed });
      } finally {
        set({ speciesLoading: false });
      }
    },

    async addSpeciesCategory(name) {
      if (!signedIn(get, 'addSpeciesCategory')) return;
      const trimmed = name.trim();
      const current = get().speciesCategories;
      if (!trimmed || trimmed in current) return;
      await setCategories({ ...current, [trimmed]: [] });
    },

    async removeSpeciesCategory(name) {
      if (!signedIn(get, 'removeSpeciesCategory')) return;
      const current = get().speciesCategories;
      if (!(name in current)) return;
      const rest = Object.fromEntries(Object.entries(current).filter(([key]) => key !== name));
      await setCategories(rest);
    },

    async addSpecies(category, species) {
      if (!signedIn(get, 'addSpecies')) return;
      const name = category.trim();
      const trimmed = species.trim();
      const list = get().speciesCategories[name] ?? [];
      if (!name || !trimmed || list.includes(trimmed)) return;
      await setSpeciesOf(name, tidyLabels([...list, trimmed]));
    },

    async removeSpecies(category, species) {
      if (!signedIn(get, 'removeSpecies')) return;
      const list = get().speciesCategories[category];
      if (!list?.includes(species)) return;
      await setSpeciesOf(
        category,
        list.filter((item) => item !== species),
      );
    },

    addCustomTerrain: (name) => addCustom('terrainOptions', 'addCustomTerrain', name),
    removeCustomTerrain: (name) => removeCustom('terrainOptions', 'removeCustomTerrain', name),
    addCustomTree: (name) => addCustom('treeOptions', 'addCustomTree', name),
    removeCustomTree: (name) => removeCustom('treeOptions', 'removeCustomTree', name),
  };
}

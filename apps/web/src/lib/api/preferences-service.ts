import {
  preferencesSchema,
  type CreatePreferencesInput,
  type Preferences,
} from '@fj/contract/preferences';
import { api } from './api-client.ts';
import { preferencesCache } from './preferences-cache.ts';
import { readPreferences, speciesPath, unwrap, writePreferences } from './preferences-endpoints.ts';

/** docs/behaviour.md#error-catalogue */
export const PREFS_INIT_FAILED = 'Failed to initialize user preferences';

/** docs/behaviour.md#error-catalogue: preferences failures are logged only; the answer is null or false. */
async function succeeded(label: string, write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    console.error(`Failed to update ${label}`, error);
    return false;
  }
}

export const preferencesService = {
  /** Cached 300000 ms unless forced; null on any failure. */
  async get(forceRefresh = false): Promise<Preferences | null> {
    try {
      const parsed = preferencesSchema.safeParse(await readPreferences(forceRefresh));
      if (parsed.success) return parsed.data;
      console.error('Unexpected preferences answer', parsed.error);
      return null;
    } catch (error) {
      console.error('Failed to load preferences', error);
      return null;
    }
  },
  updateCategories: (categories: string[]) =>
    succeeded('categories', () => writePreferences('/categories', { categories })),
  updateSpecies: (category: string, species: string[]) =>
    succeeded('species', () => writePreferences(speciesPath(category), { species })),
  updateTerrain: (terrainTypes: string[]) =>
    succeeded('terrain types', () => writePreferences('/terrain', { terrainTypes })),
  updateTrees: (treeTypes: string[]) =>
    succeeded('tree types', () => writePreferences('/trees', { treeTypes })),
  updateTutorial: (show: boolean) =>
    succeeded('tutorial flag', () => writePreferences('/tutorial', { show })),
  /**
   * POST /preferences, once per new user and device (docs/behaviour.md#endpoints). Its answer is
   * the record as the server now holds it (made now, or kept as it was), so it is what
   * GET /preferences would answer: cached as that, and the tutorial's read at start-up sends
   * no GET after it. On failure the cache is cleared.
   */
  async createInitial(record: CreatePreferencesInput): Promise<boolean> {
    try {
      preferencesCache.write(record.id, unwrap(await api.post('/preferences', record)));
      return true;
    } catch (error) {
      preferencesCache.clear();
      console.error(PREFS_INIT_FAILED, error);
      return false;
    }
  },
  clearCache: () => preferencesCache.clear(),
};

import { ownKeyRecord, z } from './zod.ts';
import { boundedArray, checkedFirst, noControls, oneLine } from './cheap-checks.ts';
import { labelSchema } from './common.ts';
import { limits } from './limits.ts';
import { defaultPreferences } from './preference-defaults.ts';

export { defaultPreferences };

const labelList = (max: number) => boundedArray(labelSchema, max);

/** Key count, list lengths and the total, all counted before a single label is parsed. */
function speciesMapProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const lists = Object.values(value);
  if (lists.length > limits.categories) return `At most ${limits.categories} categories`;
  let total = 0;
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    if (list.length > limits.speciesPerCategory) {
      return `At most ${limits.speciesPerCategory} species in one category`;
    }
    total += list.length;
  }
  return total > limits.speciesTotal ? `At most ${limits.speciesTotal} species in all` : undefined;
}

const speciesMapSchema = checkedFirst(
  speciesMapProblem,
  ownKeyRecord(labelSchema, labelList(limits.speciesPerCategory)),
);
const shortLine = (max: number) => z.string().max(max).refine(oneLine, noControls);

/** POST /preferences: the record the client sends once (docs/behaviour.md#endpoints) per new user. */
export const createPreferencesSchema = z.object({
  id: shortLine(limits.idLength).min(1),
  name: shortLine(200).default(''),
  email: shortLine(320).default(''),
  customSpeciesCategories: labelList(limits.categories).default([
    ...defaultPreferences.customSpeciesCategories,
  ]),
  customSpecies: speciesMapSchema.default(() => structuredClone(defaultPreferences.customSpecies)),
  customTerrainTypes: labelList(limits.terrainTypes).default([
    ...defaultPreferences.customTerrainTypes,
  ]),
  customTreeTypes: labelList(limits.treeTypes).default([...defaultPreferences.customTreeTypes]),
});
export type CreatePreferencesInput = z.infer<typeof createPreferencesSchema>;

export const preferencesSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  customSpeciesCategories: z.array(z.string()),
  customSpecies: ownKeyRecord(z.string(), z.array(z.string())),
  customTerrainTypes: z.array(z.string()),
  customTreeTypes: z.array(z.string()),
  showTutorial: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const updateCategoriesSchema = z.object({ categories: labelList(limits.categories) });
export const updateSpeciesSchema = z.object({ species: labelList(limits.speciesPerCategory) });
export const updateTerrainSchema = z.object({ terrainTypes: labelList(limits.terrainTypes) });
export const updateTreesSchema = z.object({ treeTypes: labelList(limits.treeTypes) });
export const updateTutorialSchema = z.object({ show: z.boolean() });

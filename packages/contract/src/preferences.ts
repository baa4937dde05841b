import { z } from 'zod';
import { labelSchema } from './common.ts';

/** SPEC.md §3 defaults for a new user's preferences record. */
export const defaultPreferences = {
  customSpeciesCategories: ['mushrooms', 'berries', 'herbs'],
  customSpecies: {
    mushrooms: ['chanterelle', 'morel', 'oyster'],
    berries: ['blackberry', 'raspberry', 'blueberry'],
    herbs: ['mint', 'thyme', 'rosemary'],
  } as Record<string, string[]>,
  customTerrainTypes: ['forest', 'meadow', 'riverbank'],
  customTreeTypes: ['oak', 'maple', 'pine'],
} as const;

const labelList = z.array(labelSchema).max(500);

/** POST /preferences: the record SPEC.md §7 sends once per new user. */
export const createPreferencesSchema = z.object({
  id: z.string().min(1),
  name: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
  customSpeciesCategories: labelList.default([...defaultPreferences.customSpeciesCategories]),
  customSpecies: z
    .record(labelSchema, labelList)
    .default(() => structuredClone(defaultPreferences.customSpecies)),
  customTerrainTypes: labelList.default([...defaultPreferences.customTerrainTypes]),
  customTreeTypes: labelList.default([...defaultPreferences.customTreeTypes]),
});
export type CreatePreferencesInput = z.infer<typeof createPreferencesSchema>;

export const preferencesSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  customSpeciesCategories: z.array(z.string()),
  customSpecies: z.record(z.string(), z.array(z.string())),
  customTerrainTypes: z.array(z.string()),
  customTreeTypes: z.array(z.string()),
  showTutorial: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const updateCategoriesSchema = z.object({ categories: labelList });
export const updateSpeciesSchema = z.object({ species: labelList });
export const updateTerrainSchema = z.object({ terrainTypes: labelList });
export const updateTreesSchema = z.object({ treeTypes: labelList });
export const updateTutorialSchema = z.object({ show: z.boolean() });

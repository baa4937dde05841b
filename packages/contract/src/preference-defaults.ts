/**
 * The defaults (docs/behaviour.md#defaults) for a new user's preferences record. Apart from
 * preferences.ts (and its zod) because the web's session sends them at sign-in.
 */
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

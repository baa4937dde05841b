import { tidyCategoryMap, tidyLabels } from '../labels.ts';
import { readPreferences, speciesPath, writePreferences } from './preferences-endpoints.ts';

export interface SpeciesData {
  /** Category → species, in the order of the categories list. */
  categories: Record<string, string[]>;
  /** The custom lists, when the answer carries them. */
  terrainTypes?: string[];
  treeTypes?: string[];
}

function field(body: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (body[name] !== undefined) return body[name];
  return undefined;
}

const asList = (value: unknown) => (Array.isArray(value) ? tidyLabels(value) : undefined);
const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asMap = (value: unknown) => (isMap(value) ? value : {});

/** docs/behaviour.md#species-service: categories (or customSpeciesCategories) and species (or customSpecies). */
export function toSpeciesData(body: unknown): SpeciesData {
  const record = asMap(body);
  const species = asMap(field(record, 'species', 'customSpecies'));
  // Without a categories list the species map's keys are the categories.
  const categories = asList(field(record, 'categories', 'customSpeciesCategories'));
  const data: SpeciesData = {
    categories: tidyCategoryMap(categories ?? Object.keys(species), species),
  };
  const terrainTypes = asList(field(record, 'terrainTypes', 'customTerrainTypes'));
  const treeTypes = asList(field(record, 'treeTypes', 'customTreeTypes'));
  if (terrainTypes) data.terrainTypes = terrainTypes;
  if (treeTypes) data.treeTypes = treeTypes;
  return data;
}

/**
 * The journal store's species service (docs/behaviour.md#species-service). Unlike
 * preferencesService it throws, because the store must know a failure to recover from it.
 */
/** The PUTs under /preferences that the species lists make: a path and the body it takes. */
export interface PreferencesWrite {
  path: string;
  body: unknown;
}
export const speciesWrites = {
  categories: (categories: string[]): PreferencesWrite => ({
    path: '/categories',
    body: { categories },
  }),
  species: (category: string, species: string[]): PreferencesWrite => ({
    path: speciesPath(category),
    body: { species },
  }),
  terrain: (terrainTypes: string[]): PreferencesWrite => ({
    path: '/terrain',
    body: { terrainTypes },
  }),
  trees: (treeTypes: string[]): PreferencesWrite => ({ path: '/trees', body: { treeTypes } }),
  tutorial: (show: boolean): PreferencesWrite => ({ path: '/tutorial', body: { show } }),
};

export const speciesService = {
  async getSpeciesData(forceRefresh = false): Promise<SpeciesData> {
    return toSpeciesData(await readPreferences(forceRefresh));
  },
  write: ({ path, body }: PreferencesWrite) => writePreferences(path, body),
};

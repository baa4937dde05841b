import type { Location } from '@fj/contract/locations';
import { speciesOf } from './filter-locations.ts';

export interface FilterOptions {
  categories: string[];
  species: string[];
  terrains: string[];
}

function sortedUnique(names: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const trimmed = name.trim();
    const key = trimmed.toLocaleLowerCase();
    if (trimmed && !byKey.has(key)) byKey.set(key, trimmed);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** Only values some spot actually has, so no choice can lead to an empty list on its own. */
export function filterOptions(locations: readonly Location[]): FilterOptions {
  return {
    categories: sortedUnique(locations.flatMap((location) => location.categories ?? [])),
    species: sortedUnique(locations.flatMap(speciesOf)),
    terrains: sortedUnique(locations.flatMap((location) => location.terrainType ?? [])),
  };
}

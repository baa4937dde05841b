import type { Location } from '@fj/contract/locations';
import { findsOfEntry } from '@fj/contract/search-match';
import { speciesKey } from '@fj/contract/text-fold';
import type { AccessStatus } from '@fj/contract/search-facets';
import { accessStatuses } from '@fj/contract/locations';

/** The chips the filter panel offers: only values some spot or visit has, so a chip never empties the list alone. */
export interface FacetOptions {
  categories: string[];
  /** Species found on some visit (the `species:` facet asks what a visit found). */
  species: string[];
  trees: string[];
  terrains: string[];
  /** Years with a visit, newest first. */
  years: number[];
  access: AccessStatus[];
  /** Whether some spots are patches and some points (else the kind chips say nothing). */
  kinds: boolean;
}

const alphabetical = new Intl.Collator(undefined, { sensitivity: 'base' });

/**
 * Names once each (as the search compares them: case and accents aside), A–Z. Each distinct
 * spelling is folded once: a lifetime's journal names the same few species 300,000 times.
 */
function labels(names: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const name of new Set(names)) {
    const trimmed = name.trim();
    const key = speciesKey(trimmed);
    if (key !== '' && !byKey.has(key)) byKey.set(key, trimmed);
  }
  return [...byKey.values()].sort(alphabetical.compare);
}

export function facetOptions(locations: readonly Location[]): FacetOptions {
  const categories: string[] = [];
  const species: string[] = [];
  const trees: string[] = [];
  const terrains: string[] = [];
  const years = new Set<number>();
  const access = new Set<AccessStatus>();
  let patches = 0;
  for (const location of locations) {
    categories.push(...(location.categories ?? []));
    trees.push(...(location.treeTypes ?? []));
    if (location.terrainType) terrains.push(location.terrainType);
    if (location.access) access.add(location.access.status);
    if (location.area) patches += 1;
    for (const entry of location.entries) {
      years.add(Number(entry.date.slice(0, 4)));
      for (const find of findsOfEntry(entry)) species.push(find.species);
    }
  }
  return {
    categories: labels(categories),
    species: labels(species),
    trees: labels(trees),
    terrains: labels(terrains),
    years: [...years].filter(Number.isFinite).sort((a, b) => b - a),
    access: accessStatuses.filter((status) => access.has(status)),
    kinds: patches > 0 && patches < locations.length,
  };
}

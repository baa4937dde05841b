import type { Location } from '@fj/contract/locations';

/** What the Locations page narrows the list by; an empty text means "any". */
export interface LocationFilters {
  query: string;
  category: string;
  species: string;
  terrain: string;
  favoritesOnly: boolean;
}

export const noFilters: LocationFilters = {
  query: '',
  category: '',
  species: '',
  terrain: '',
  favoritesOnly: false,
};

const fold = (text: string) => text.trim().toLocaleLowerCase();

/** Species named on the spot itself and those found in its entries: both answer "where is X?". */
export function speciesOf(location: Location): string[] {
  const found = location.entries.flatMap((entry) => entry.species ?? []);
  return [...(location.species ?? []), ...found];
}

function includesFolded(list: readonly string[] | undefined, wanted: string): boolean {
  return (list ?? []).some((item) => fold(item) === wanted);
}

function matchesQuery(location: Location, query: string): boolean {
  if (!query) return true;
  const haystack = [location.name, location.description ?? '', ...speciesOf(location)];
  return haystack.some((text) => fold(text).includes(query));
}

export function isFiltered(filters: LocationFilters): boolean {
  return (
    fold(filters.query) !== '' ||
    filters.category !== '' ||
    filters.species !== '' ||
    filters.terrain !== '' ||
    filters.favoritesOnly
  );
}

/** Every filter must hold; text comparisons ignore case and surrounding spaces. */
export function filterLocations(
  locations: readonly Location[],
  filters: LocationFilters,
): Location[] {
  const query = fold(filters.query);
  const category = fold(filters.category);
  const species = fold(filters.species);
  const terrain = fold(filters.terrain);
  return locations.filter(
    (location) =>
      (!filters.favoritesOnly || location.favorite) &&
      (!category || includesFolded(location.categories, category)) &&
      (!species || includesFolded(speciesOf(location), species)) &&
      (!terrain || fold(location.terrainType ?? '') === terrain) &&
      matchesQuery(location, query),
  );
}

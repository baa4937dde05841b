/** docs/behaviour.md#journal-store: names trimmed, empty ones dropped, repeats removed (first one kept). */
export function tidyLabels(list: readonly unknown[]): string[] {
  const names = list.filter((item): item is string => typeof item === 'string');
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/*
 * Category maps are plain objects (they are stored as JSON), so every read goes through the
 * object's own keys and every write builds own data properties: a category called
 * `constructor`, `toString` or `__proto__` is a name like any other, never a prototype lookup.
 */

/** The category is in the map (an own key). */
export function hasCategory(map: Readonly<Record<string, unknown>>, category: string): boolean {
  return Object.hasOwn(map, category);
}

/** The species of one category; empty when the map has no such category. */
export function speciesIn(map: Readonly<Record<string, string[]>>, category: string): string[] {
  if (!Object.hasOwn(map, category)) return [];
  const list = map[category];
  return Array.isArray(list) ? list : [];
}

/** A copy with one category's species set: replaced in place, or added at the end. */
export function withCategory(
  map: Readonly<Record<string, string[]>>,
  category: string,
  species: string[],
): Record<string, string[]> {
  const entries = Object.entries(map);
  const at = entries.findIndex(([key]) => key === category);
  if (at >= 0) entries[at] = [category, species];
  else entries.push([category, species]);
  return Object.fromEntries(entries);
}

/** A copy without one category. */
export function withoutCategory(
  map: Readonly<Record<string, string[]>>,
  category: string,
): Record<string, string[]> {
  return Object.fromEntries(Object.entries(map).filter(([key]) => key !== category));
}

/** A category → species map with every name tidied; categories keep their order. */
export function tidyCategoryMap(
  categories: readonly unknown[],
  species: Record<string, unknown>,
): Record<string, string[]> {
  return Object.fromEntries(
    tidyLabels(categories).map((category) => {
      const raw = Object.hasOwn(species, category) ? species[category] : undefined;
      return [category, Array.isArray(raw) ? tidyLabels(raw) : []];
    }),
  );
}

/** SPEC.md §3: names trimmed, empty ones dropped, repeats removed (first one kept). */
export function tidyLabels(list: readonly unknown[]): string[] {
  const names = list.filter((item): item is string => typeof item === 'string');
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/** A category → species map with every name tidied; categories keep their order. */
export function tidyCategoryMap(
  categories: readonly unknown[],
  species: Record<string, unknown>,
): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const category of tidyLabels(categories)) {
    const raw = species[category];
    map[category] = Array.isArray(raw) ? tidyLabels(raw) : [];
  }
  return map;
}

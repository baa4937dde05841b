import type { Location } from '@fj/contract/locations';
import { speciesKey } from '@fj/contract/text-fold';
import { findsOf } from '../../lib/finds-text.ts';
import { speciesIn } from '../../lib/labels.ts';

/**
 * The species the forager has recorded before, most often first: those found at `here` lead
 * (the likeliest again), then those found elsewhere. Each name once, as first met.
 */
export function recordedSpecies(locations: readonly Location[], here: string): string[] {
  const counts = new Map<string, { name: string; here: number; all: number }>();
  for (const location of locations)
    for (const entry of location.entries)
      for (const { species } of findsOf(entry)) {
        const key = speciesKey(species);
        const count = counts.get(key) ?? { name: species, here: 0, all: 0 };
        count.all += 1;
        if (location.id === here) count.here += 1;
        counts.set(key, count);
      }
  return [...counts.values()]
    .sort((a, b) => b.here - a.here || b.all - a.all || a.name.localeCompare(b.name))
    .map((count) => count.name);
}

/**
 * What may be found at a spot: the species recorded before first (docs/behaviour.md#finds-form),
 * then its own species, then the species of its categories, then (a spot with neither) every
 * species the forager keeps. Already chosen ones always stay. Names that differ only in case
 * or accents are one species, offered once.
 */
export function speciesOptionsFor(
  location: Pick<Location, 'species' | 'categories'>,
  speciesCategories: Record<string, string[]>,
  chosen: readonly string[] = [],
  recorded: readonly string[] = [],
): string[] {
  const own = location.species ?? [];
  const fromCategories = (location.categories ?? []).flatMap((category) =>
    speciesIn(speciesCategories, category),
  );
  const fallback =
    own.length === 0 && fromCategories.length === 0 ? Object.values(speciesCategories).flat() : [];
  const seen = new Set<string>();
  const options: string[] = [];
  // Chosen names keep their own spelling, so a saved entry's finds are still ticked.
  const byKey = new Map(chosen.map((name) => [speciesKey(name), name]));
  for (const name of [...recorded, ...own, ...fromCategories, ...fallback, ...chosen]) {
    const key = speciesKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    options.push(byKey.get(key) ?? name);
  }
  return options;
}

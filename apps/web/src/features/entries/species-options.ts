import type { Location } from '@fj/contract/locations';
import { speciesIn } from '../../lib/labels.ts';

/**
 * What may be found at a spot: its own species, then the species of its categories, then
 * (a spot with neither) every species the forager keeps. Already chosen ones always stay.
 */
export function speciesOptionsFor(
  location: Pick<Location, 'species' | 'categories'>,
  speciesCategories: Record<string, string[]>,
  chosen: readonly string[] = [],
): string[] {
  const own = location.species ?? [];
  const fromCategories = (location.categories ?? []).flatMap((category) =>
    speciesIn(speciesCategories, category),
  );
  const fallback =
    own.length === 0 && fromCategories.length === 0 ? Object.values(speciesCategories).flat() : [];
  return [...new Set([...own, ...fromCategories, ...fallback, ...chosen])];
}

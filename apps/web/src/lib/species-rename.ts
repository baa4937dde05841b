import type { Entry } from '@fj/contract/entries';
import { speciesOfFinds, type Find } from '@fj/contract/finds';
import type { Location } from '@fj/contract/locations';
import { speciesKey } from '@fj/contract/text-fold';
import { findsOf } from './finds-text.ts';

/** One species renamed, or merged into another (docs/behaviour.md#species-rename). */
export interface SpeciesRename {
  from: string;
  to: string;
}

/** Sums keep 3 decimals, as a quantity may have (0.1 + 0.2 is 0.3, not 0.30000000000000004). */
const sum = (a: number, b: number) => Math.round((a + b) * 1000) / 1000;

/**
 * Two finds of one species become one: quantities in the same unit add up; one without a
 * quantity takes the other's; in different units the target's stays. The device's guess until
 * the next sync brings the server's.
 */
function mergedFind(target: Find, merged: Find): Find {
  const a = target.quantity ?? null;
  const b = merged.quantity ?? null;
  if (a === null)
    return { ...target, quantity: b, unit: b === null ? null : (merged.unit ?? null) };
  if (b !== null && (target.unit ?? 'count') === (merged.unit ?? 'count'))
    return { ...target, quantity: sum(a, b) };
  return target;
}

/** The finds with `from` renamed `to`, one find per species still (merged into `to` if both). */
export function renameInFinds(finds: readonly Find[], { from, to }: SpeciesRename): Find[] {
  const fromKey = speciesKey(from);
  const toKey = speciesKey(to);
  const renamed = finds.find((find) => speciesKey(find.species) === fromKey);
  if (!renamed || fromKey === toKey)
    return renamed
      ? finds.map((find) => (find === renamed ? { ...find, species: to } : find))
      : [...finds];
  const target = finds.find((find) => speciesKey(find.species) === toKey);
  if (!target) return finds.map((find) => (find === renamed ? { ...find, species: to } : find));
  return finds
    .filter((find) => find !== renamed)
    .map((find) => (find === target ? mergedFind(find, renamed) : find));
}

/** A list of names with `from` renamed `to`, each name once (the first place kept). */
export function renameInNames(names: readonly string[], { from, to }: SpeciesRename): string[] {
  const fromKey = speciesKey(from);
  const seen = new Set<string>();
  const answer: string[] = [];
  for (const name of names) {
    const next = speciesKey(name) === fromKey ? to : name;
    const key = speciesKey(next);
    if (seen.has(key)) continue;
    seen.add(key);
    answer.push(next);
  }
  return answer;
}

const mentions = (names: readonly string[] | undefined, key: string) =>
  (names ?? []).some((name) => speciesKey(name) === key);

function renameInEntry(entry: Entry, rename: SpeciesRename, key: string): Entry {
  const finds = findsOf(entry);
  if (!finds.some((find) => speciesKey(find.species) === key)) return entry;
  const next = renameInFinds(finds, rename);
  return { ...entry, finds: next, species: speciesOfFinds(next) };
}

/** Every find and every location's species list with the species renamed; the rest untouched. */
export function renameInLocations(list: readonly Location[], rename: SpeciesRename): Location[] {
  const key = speciesKey(rename.from);
  return list.map((location) => {
    const touched =
      mentions(location.species, key) ||
      location.entries.some(
        (entry) =>
          mentions(entry.species, key) || entry.finds.some((f) => speciesKey(f.species) === key),
      );
    if (!touched) return location;
    return {
      ...location,
      ...(location.species ? { species: renameInNames(location.species, rename) } : {}),
      entries: location.entries.map((entry) => renameInEntry(entry, rename, key)),
    };
  });
}

/** Each category's species list with the species renamed (merged where both were). */
export function renameInCategories(
  categories: Readonly<Record<string, string[]>>,
  rename: SpeciesRename,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(categories).map(([category, species]) => [
      category,
      renameInNames(species, rename),
    ]),
  );
}

/** Every species name the journal uses: in finds, spots' lists and the categories, by name. */
export function speciesInUse(
  locations: readonly Location[],
  categories: Readonly<Record<string, string[]>>,
): string[] {
  const names = new Map<string, string>();
  const add = (name: string) => {
    const key = speciesKey(name);
    if (key && !names.has(key)) names.set(key, name);
  };
  for (const location of locations) {
    (location.species ?? []).forEach(add);
    for (const entry of location.entries) findsOf(entry).forEach((find) => add(find.species));
  }
  Object.values(categories).flat().forEach(add);
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}

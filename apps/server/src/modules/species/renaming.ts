import { uniqueSpecies } from '@fj/contract/finds-write';
import { speciesKey } from '@fj/contract/text-fold';
import type { StoredFind } from '../../lib/entry-details.ts';

/** A sum of quantities kept to the 3 decimals a quantity may have (0.1 + 0.2 is 0.3). */
const sum = (a: number, b: number) => Math.round((a + b) * 1000) / 1000;

/**
 * `from`'s find merged into `to`'s, which was on the entry already: the quantities add up when
 * the units are the same (a missing quantity adds nothing); otherwise the target's stays.
 */
function merged(source: StoredFind, target: StoredFind): StoredFind {
  if (source.unit !== target.unit) return target;
  if (source.quantity === undefined) return target;
  const quantity =
    target.quantity === undefined ? source.quantity : sum(target.quantity, source.quantity);
  return { ...target, quantity };
}

/**
 * An entry's finds with `from` renamed `to` (keys as speciesKey folds them), or undefined when
 * the entry has no find of `from` or the rename changes nothing.
 */
export function renamedFinds(
  finds: readonly StoredFind[],
  from: string,
  to: string,
): StoredFind[] | undefined {
  const fromKey = speciesKey(from);
  const toKey = speciesKey(to);
  const at = finds.findIndex((find) => speciesKey(find.species) === fromKey);
  const source = finds[at];
  if (!source || source.species === to) return undefined;
  const targetAt = fromKey === toKey ? -1 : finds.findIndex((f) => speciesKey(f.species) === toKey);
  const target = finds[targetAt];
  if (!target) return finds.map((find, i) => (i === at ? { ...source, species: to } : find));
  return finds.flatMap((find, i) => {
    if (i === at) return [];
    return i === targetAt ? [merged(source, target)] : [find];
  });
}

/** A species list with `from` renamed `to`, each species once; undefined when unchanged. */
export function renamedList(
  list: readonly string[],
  from: string,
  to: string,
): string[] | undefined {
  const fromKey = speciesKey(from);
  if (!list.some((name) => speciesKey(name) === fromKey && name !== to)) return undefined;
  return uniqueSpecies(list.map((name) => (speciesKey(name) === fromKey ? to : name)));
}

import type { UpdateEntryInput } from './entries.ts';
import { findsOfSpecies, speciesOfFinds, type Find } from './finds.ts';
import { speciesKey } from './text-fold.ts';

/*
 * What a write of an entry does to its finds: the server's rule, which the web's optimistic
 * copy follows too (docs/behaviour.md#finds).
 */

/** The fields of an entry write that say what was found. */
export type FindFields = Pick<UpdateEntryInput, 'species' | 'finds' | 'nothingFound'>;

/** What is wrong with a write's finds, by the field to name; undefined when nothing is. */
export function findsProblem(input: FindFields): { field: string; message: string } | undefined {
  const named = (input.finds?.length ?? 0) + (input.species?.length ?? 0);
  if (input.nothingFound === true && named > 0) {
    return { field: 'nothingFound', message: 'A visit that found nothing has no finds' };
  }
  if (input.finds !== undefined && input.species !== undefined) {
    const keys = (names: readonly string[]) => [...new Set(names.map(speciesKey))].join('\n');
    if (keys(input.species) !== keys(speciesOfFinds(input.finds))) {
      return { field: 'species', message: "Must list the finds' species" };
    }
  }
  return undefined;
}

/** Each species once by speciesKey, the first spelling kept. */
export function uniqueSpecies(species: readonly string[]): string[] {
  const seen = new Set<string>();
  return species.filter((name) => {
    const key = speciesKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The finds after a write of `input` on an entry that had `before` (a create: none). `finds`
 * replaces them; `species` alone makes finds without a quantity, keeping the quantity and unit
 * of a find whose species is still listed (in the new spelling); `nothingFound` true alone
 * empties them; anything else keeps them.
 */
export function findsAfterWrite(input: FindFields, before: readonly Find[] = []): Find[] {
  if (input.finds !== undefined) return input.finds.map(withNulls);
  if (input.species === undefined) return input.nothingFound === true ? [] : before.map(withNulls);
  const kept = new Map(before.map((find) => [speciesKey(find.species), find]));
  return findsOfSpecies(uniqueSpecies(input.species)).map((find) => {
    const old = kept.get(speciesKey(find.species));
    return { species: find.species, quantity: old?.quantity ?? null, unit: old?.unit ?? null };
  });
}

/** Whether the entry, after the write, is a visit that found nothing. */
export function nothingFoundAfterWrite(
  input: FindFields,
  finds: readonly Find[],
  before = false,
): boolean {
  return finds.length === 0 && (input.nothingFound ?? before);
}

/** A find with quantity and unit always there (null when not set), as the API answers it. */
export function withNulls(find: Find): Find {
  return { species: find.species, quantity: find.quantity ?? null, unit: find.unit ?? null };
}

/**
 * An entry kept by a device before entries had finds (its species only): the finds the server
 * made of them (each species a find without a quantity).
 */
export function withFinds<T extends { species?: string[]; finds?: Find[] }>(
  entry: T,
): T & { finds: Find[]; species: string[] } {
  const finds = entry.finds ?? findsOfSpecies(uniqueSpecies(entry.species ?? []));
  return { ...entry, finds, species: speciesOfFinds(finds) };
}

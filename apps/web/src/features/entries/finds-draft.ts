import { findUnits, threeDecimals, type Find, type FindUnit } from '@fj/contract/finds';

/** What the form holds for one species: the quantity as typed, and its unit. */
export interface FindDraft {
  quantity: string;
  unit: FindUnit;
}

export const emptyDraft: FindDraft = { quantity: '', unit: 'count' };

/** The largest quantity the server takes (finds.ts). */
const MAX_QUANTITY = 1e9;

export const unitNames: Record<FindUnit, string> = {
  count: 'count',
  g: 'g',
  kg: 'kg',
  l: 'litres',
};
export const units = findUnits;

/** The drafts of an entry's finds, by species. */
export function draftsOf(finds: readonly Find[]): Record<string, FindDraft> {
  return Object.fromEntries(
    finds.map((find) => [
      find.species,
      {
        quantity:
          find.quantity === null || find.quantity === undefined ? '' : String(find.quantity),
        unit: find.unit ?? 'count',
      },
    ]),
  );
}

/** A typed quantity: blank is none; a comma is a decimal point (as many keyboards type it). */
export function parseQuantity(typed: string): number | null | 'invalid' {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(\.\d+)?$/.test(text)) return 'invalid';
  const value = Number(text);
  return value <= MAX_QUANTITY && threeDecimals(value) ? value : 'invalid';
}

export type FindsResult = { finds: Find[] } | { errors: Record<string, string> };

/**
 * The finds the form sends, one per chosen species in the order shown; a quantity that is not
 * a number from 0 with at most 3 decimals is an error named by its species.
 */
export function findsFromDrafts(
  species: readonly string[],
  drafts: Readonly<Record<string, FindDraft>>,
): FindsResult {
  const errors: Record<string, string> = {};
  const finds = species.map((name): Find => {
    const draft = drafts[name] ?? emptyDraft;
    const quantity = parseQuantity(draft.quantity);
    if (quantity === 'invalid') {
      errors[name] = `Quantity of ${name}: a number from 0, with at most 3 decimals.`;
      return { species: name, quantity: null, unit: null };
    }
    return { species: name, quantity, unit: quantity === null ? null : draft.unit };
  });
  return Object.keys(errors).length > 0 ? { errors } : { finds };
}

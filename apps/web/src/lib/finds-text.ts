import type { Entry } from '@fj/contract/entries';
import { findsOfSpecies, type Find } from '@fj/contract/finds';

const amount = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });

/** "1.2 kg", "14" (a count, or a number with no unit), "" with no quantity. */
export function formatQuantity(find: Pick<Find, 'quantity' | 'unit'>): string {
  if (find.quantity === null || find.quantity === undefined) return '';
  const number = amount.format(find.quantity);
  return !find.unit || find.unit === 'count' ? number : `${number} ${find.unit}`;
}

/** "Chanterelle 1.2 kg", "Hedgehog 14", "Morel". */
export function formatFind(find: Find): string {
  const quantity = formatQuantity(find);
  return quantity ? `${find.species} ${quantity}` : find.species;
}

/**
 * An entry's finds. One that names species but no finds (kept by a device, or answered by a
 * server, from before finds) has its species, without quantities, as the server's migration
 * makes them.
 */
export function findsOf(entry: { finds?: Find[]; species?: string[] }): Find[] {
  const finds = entry.finds ?? [];
  return finds.length === 0 && entry.species?.length ? findsOfSpecies(entry.species) : finds;
}

/** What a visit found, in one line: "Chanterelle 1.2 kg, Hedgehog 14", or "Found nothing". */
export function findsLine(entry: Pick<Entry, 'finds' | 'species' | 'nothingFound'>): string {
  if (entry.nothingFound) return 'Found nothing';
  return findsOf(entry).map(formatFind).join(', ');
}

import type { UpdateEntryInput } from '@fj/contract/entries';
import type { Find, FindUnit } from '@fj/contract/finds';
import { findsAfterWrite, nothingFoundAfterWrite, withNulls } from '@fj/contract/finds-write';
import { speciesKey } from '@fj/contract/text-fold';
import type { EntriesTable, EntryFindsTable } from '../db/schema.ts';

/** A find as entries.details keeps it: quantity and unit only when set. */
export interface StoredFind {
  species: string;
  quantity?: number;
  unit?: FindUnit;
}

/** What the entries.details JSON column holds (docs/behaviour.md#finds). */
export interface EntryDetails {
  finds?: StoredFind[];
  /** Only ever true: a visit that found nothing (and then `finds` is empty). */
  nothingFound?: true;
  abundance?: number | null;
  notes?: string | null;
  weather?: string | null;
}

function stored(find: Find): StoredFind {
  return {
    species: find.species,
    ...(find.quantity != null ? { quantity: find.quantity } : {}),
    ...(find.unit != null ? { unit: find.unit } : {}),
  };
}

/**
 * The details after a write of `input` on `base` (a create's base is empty), by the contract's
 * rule (findsAfterWrite). Check findsProblem first: this does not.
 */
export function detailsAfter(input: UpdateEntryInput, base: EntryDetails = {}): EntryDetails {
  const details: EntryDetails = { ...base };
  delete details.finds;
  delete details.nothingFound;
  if (input.abundance !== undefined) details.abundance = input.abundance;
  if (input.notes !== undefined) details.notes = input.notes;
  if (input.weather !== undefined) details.weather = input.weather;
  const finds = findsAfterWrite(input, base.finds ?? []);
  const nothingFound = nothingFoundAfterWrite(input, finds, base.nothingFound === true);
  return {
    ...(finds.length > 0 ? { finds: finds.map(stored) } : {}),
    ...(nothingFound ? { nothingFound: true } : {}),
    ...details,
  };
}

/** The entry's finds as the API answers them: quantity and unit null when not set. */
export function findsOfDetails(details: EntryDetails): Find[] {
  return (details.finds ?? []).map(withNulls);
}

/** The entry_finds rows of an entry row: one per find of its details. */
export function findRowsOf(
  entry: Pick<EntriesTable, 'id' | 'user_id' | 'location_id' | 'date' | 'details'>,
): EntryFindsTable[] {
  const { finds = [] } = JSON.parse(entry.details) as EntryDetails;
  return finds.map((find) => ({
    entry_id: entry.id,
    user_id: entry.user_id,
    location_id: entry.location_id,
    date: entry.date,
    species: find.species,
    species_key: speciesKey(find.species),
    quantity: find.quantity ?? null,
    unit: find.unit ?? null,
  }));
}

import type { Entry } from '@fj/contract/entries';
import type { LocationDetails } from '@fj/contract/locations';
import { entrySearchText, findsOfEntry, locationSearchText } from '@fj/contract/search-match';
import { speciesKey } from '@fj/contract/text-fold';
import type {
  EntriesTable,
  LocationsTable,
  SearchFindsTable,
  SearchSpotsTable,
  SearchVisitsTable,
} from '../../db/schema.ts';
import { parseJson } from '../../lib/json.ts';

/*
 * The index rows of a spot and its visits, from the journal's rows, with the contract's texts
 * and folds (@fj/contract/search-match): what the device computes from the same journal.
 */

/** Label keys as one text, `\nkey\n` each, so one key is found by `\nkey\n` anywhere. */
export const keyList = (labels: readonly string[] = []) =>
  labels.length === 0 ? '' : `\n${labels.map(speciesKey).join('\n')}\n`;

type EntryDetails = Pick<Entry, 'finds' | 'species' | 'notes'>;

export function spotRow(row: LocationsTable, entries: readonly EntriesTable[]): SearchSpotsTable {
  const details = parseJson<Partial<LocationDetails>>(row.details);
  const newest = entries.reduce<string | null>(
    (max, entry) => (max === null || entry.date > max ? entry.date : max),
    null,
  );
  return {
    location_id: row.id,
    user_id: row.user_id,
    text: locationSearchText({
      name: row.name,
      description: row.description ?? undefined,
      access: details.access ?? undefined,
    }),
    terrain: details.terrainType ? speciesKey(details.terrainType) : '',
    trees: keyList(details.treeTypes),
    categories: keyList(details.categories),
    access: details.access?.status ?? '',
    kind: details.area ? 'patch' : 'point',
    favorite: row.favorite ? 1 : 0,
    lat: row.lat,
    lng: row.lng,
    newest_visit: newest,
  };
}

export function visitRows(entry: EntriesTable): {
  visit: SearchVisitsTable;
  finds: SearchFindsTable[];
} {
  const details = parseJson<EntryDetails>(entry.details);
  const common = { entry_id: entry.id, user_id: entry.user_id, location_id: entry.location_id };
  const byKey = new Map<string, SearchFindsTable>();
  for (const find of findsOfEntry(details)) {
    const key = speciesKey(find.species);
    // One row per key: two spellings of one species are one (the first is kept, as the contract does).
    if (!byKey.has(key)) {
      byKey.set(key, {
        ...common,
        species_key: key,
        quantity: find.quantity ?? null,
        unit: find.unit ?? null,
      });
    }
  }
  return {
    visit: {
      ...common,
      date: entry.date,
      month: Number(entry.date.slice(5, 7)),
      text: entrySearchText({ ...details, notes: details.notes ?? undefined }),
    },
    finds: [...byKey.values()],
  };
}

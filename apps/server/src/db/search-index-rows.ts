import type { LocationDetails } from '@fj/contract/locations';
import { entrySearchText, locationSearchText } from '@fj/contract/search-match';
import { speciesKey } from '@fj/contract/text-fold';
import { findsOfDetails, type EntryDetails } from '../lib/entry-details.ts';
import { parseJson } from '../lib/json.ts';
import type {
  EntriesTable,
  LocationsTable,
  SearchLabelsTable,
  SearchSpotsTable,
  SearchVisitsTable,
} from './schema.ts';

/*
 * The search index's rows of a spot and of a visit, from the journal's rows, with the contract's
 * texts and folds (@fj/contract/search-match): what the device computes from the same journal.
 * Finds are entry_finds' rows (db/entry-finds.ts), written beside these.
 */

type SpotRow = Omit<SearchSpotsTable, 'newest_visit'>;

export function spotRow(row: LocationsTable): { spot: SpotRow; labels: SearchLabelsTable[] } {
  const details = parseJson<Partial<LocationDetails>>(row.details);
  const labels = new Map<string, SearchLabelsTable>();
  const label = (kind: 'tree' | 'category', name: string) => {
    const key = speciesKey(name);
    labels.set(`${kind}\n${key}`, { location_id: row.id, user_id: row.user_id, kind, key });
  };
  for (const name of details.treeTypes ?? []) label('tree', name);
  for (const name of details.categories ?? []) label('category', name);
  return {
    spot: {
      location_id: row.id,
      user_id: row.user_id,
      text: locationSearchText({
        name: row.name,
        description: row.description ?? undefined,
        access: details.access ?? undefined,
      }),
      terrain: details.terrainType ? speciesKey(details.terrainType) : '',
      access: details.access?.status ?? '',
      kind: details.area ? 'patch' : 'point',
      favorite: row.favorite ? 1 : 0,
      lat: row.lat,
      lng: row.lng,
    },
    labels: [...labels.values()],
  };
}

/** The separator of a visit's `doc`: a word without it is in the doc when in either text. */
export const docSeparator = '\n';

/** A visit's row; `spotText` is its spot's (search_spots.text). */
export function visitRow(
  entry: Pick<EntriesTable, 'id' | 'user_id' | 'location_id' | 'date' | 'details'>,
  spotText: string,
): SearchVisitsTable {
  const details = parseJson<EntryDetails>(entry.details);
  const text = entrySearchText({
    finds: findsOfDetails(details),
    notes: details.notes ?? undefined,
  });
  return {
    entry_id: entry.id,
    user_id: entry.user_id,
    location_id: entry.location_id,
    date: entry.date,
    month: Number(entry.date.slice(5, 7)),
    text,
    doc: spotText + docSeparator + text,
  };
}

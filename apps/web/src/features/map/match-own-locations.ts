import type { Location } from '@fj/contract/locations';
import { hasEntryFacets, type SearchFacets } from '@fj/contract/search-facets';
import { searchJournal } from '@fj/contract/search-match';
import { parseQuery } from '@fj/contract/search-query';
import { foldText } from '@fj/contract/text-fold';
import type { PlaceResult } from '../../lib/maps/places-library.ts';

export interface OwnMatches {
  /** The first few, as lines of the search list. */
  results: PlaceResult[];
  /** How many spots match in all. */
  total: number;
  /** Whether the query says more than words (a key: `tree:oak`, `month:jul`…). */
  keyed: boolean;
}

const none: OwnMatches = { results: [], total: 0, keyed: false };
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const onlyWords = (facets: SearchFacets) =>
  Object.keys(facets).every((key) => key === 'text' || key === 'exclude');

/**
 * The user's own spots the query finds (docs/behaviour.md#search-map): the journal's search
 * (contract/search-match.ts) over the device's copy, so `chanterelle tree:oak` works here as on
 * the Locations page. Spots whose name holds the typed text come first, those starting with it
 * before the others; the rest in the search's order (newest matching visit first).
 */
export function matchOwnLocations(
  locations: readonly Location[],
  query: string,
  limit = 5,
): OwnMatches {
  const { facets, problems } = parseQuery(query);
  if (problems.length > 0 || Object.keys(facets).length === 0) return none;
  const hits = searchJournal(locations, facets);
  const needle = foldText(query);
  const at = (location: Location) => {
    const index = foldText(location.name).indexOf(needle);
    return index < 0 ? Number.POSITIVE_INFINITY : index;
  };
  const ranked = hits
    .map((hit, order) => ({ hit, order, at: at(hit.location) }))
    .sort((a, b) => a.at - b.at || a.order - b.order);
  const visits = hasEntryFacets(facets) || !onlyWords(facets);
  return {
    total: hits.length,
    keyed: !onlyWords(facets),
    results: ranked.slice(0, limit).map(({ hit: { location, entryIds } }) => ({
      key: `own-${location.id}`,
      label: location.name,
      detail:
        visits && entryIds.length > 0
          ? `Your spot · ${plural(entryIds.length, 'matching visit')}`
          : 'Your spot',
      lat: location.position.lat,
      lng: location.position.lng,
      locationId: location.id,
    })),
  };
}

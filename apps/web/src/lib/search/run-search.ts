import type { Location } from '@fj/contract/locations';
import type { SearchFacets } from '@fj/contract/search-facets';
import { searchJournal } from '@fj/contract/search-match';
import { ApiError } from '../api/api-error.ts';
import { searchApi } from '../api/search-api.ts';
import { isNoResponse } from '../offline/no-response.ts';
import { paramsOf, type SearchRequest } from './search-request.ts';

/*
 * One search, online or not (docs/behaviour.md#search-page): the server answers when it can
 * (GET /search); with no network, or no answer, the device runs the same matcher
 * (contract/search-match.ts) over its copy of the journal, which the contract's tests hold
 * equal to the server's.
 */

export interface SearchHit {
  location: Location;
  /** The visits that met the visit conditions, newest first; [] when none were asked. */
  entryIds: string[];
}

export interface SearchOutcome {
  hits: SearchHit[];
  /** How many spots match in all (the server sends at most `SERVER_PAGE`). */
  total: number;
  /** Who answered: the server, or this device over its copy. */
  source: 'server' | 'device';
  /** Why the device answered though the device is online (the server failed). */
  note?: string;
}

/** At most this many spots come from the server; the count says when there are more. */
export const SERVER_PAGE = 1000;

export const SERVER_FAILED_NOTE =
  'The server could not search just now, so this device searched its own copy.';

/** The device's answer over its copy of the journal. */
export function deviceSearch(
  locations: readonly Location[],
  facets: SearchFacets,
  note?: string,
): SearchOutcome {
  const hits = searchJournal(locations, facets);
  return { hits, total: hits.length, source: 'device', ...(note ? { note } : {}) };
}

/**
 * The server's answer, its spots shown as the device holds them (changes still waiting to
 * sync included) where it holds them. A refusal (400, naming the facet) is thrown; no answer
 * or a server error makes it the device's search.
 */
export async function runSearch(
  request: SearchRequest,
  facets: SearchFacets,
  locations: readonly Location[],
  online: boolean,
): Promise<SearchOutcome> {
  if (!online) return deviceSearch(locations, facets);
  try {
    const answer = await searchApi.search(paramsOf(request), SERVER_PAGE);
    const held = new Map(locations.map((location) => [location.id, location]));
    return {
      hits: answer.data.map(({ location, entryIds }) => ({
        location: held.get(location.id) ?? location,
        entryIds,
      })),
      total: answer.total,
      source: 'server',
    };
  } catch (error) {
    // No answer, or a server without GET /search (the original API): the device searches.
    if (isNoResponse(error) || (error instanceof ApiError && error.status === 404))
      return deviceSearch(locations, facets);
    if (error instanceof ApiError && (error.status >= 500 || error.code === 'INVALID_RESPONSE')) {
      console.warn('Search on the server failed; searched on the device', error);
      return deviceSearch(locations, facets, SERVER_FAILED_NOTE);
    }
    throw error;
  }
}

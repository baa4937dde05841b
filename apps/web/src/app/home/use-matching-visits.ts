import type { Location } from '@fj/contract/locations';
import { hasEntryFacets } from '@fj/contract/search-facets';
import { searchJournal } from '@fj/contract/search-match';
import { useMemo } from 'react';
import { readRequest, requestKey } from '../../lib/search/search-request.ts';
import { useSearchUrl } from '../../lib/search/use-search-url.ts';

/**
 * The open spot's visits that the search shown on the map found (docs/behaviour.md#search-map):
 * the journal's matcher over this one spot, on the device, so it needs no request and says
 * what the server would. Null when there is no search, or it asks nothing of visits (words
 * the spot's own text holds).
 */
export function useMatchingVisits(location: Location | null): ReadonlySet<string> | null {
  const { request } = useSearchUrl();
  const key = requestKey(request);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the request
  const read = useMemo(() => readRequest(request), [key]);
  return useMemo(() => {
    if (!location || !read.active) return null;
    const hit = searchJournal([location], read.facets)[0];
    const asksVisits = hasEntryFacets(read.facets) || (hit?.entryIds.length ?? 0) > 0;
    return asksVisits ? new Set(hit?.entryIds ?? []) : null;
  }, [location, read]);
}

import type { Location } from '@fj/contract/locations';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { parseQuery } from '@fj/contract/search-query';
import type { PlaceResult } from '../../lib/maps/places-library.ts';
import { useMapLibrary, useMapSettings } from '../../lib/maps/use-maps.ts';
import { matchOwnLocations } from './match-own-locations.ts';

/** Typing pauses this long before the geocoder is asked (its usage policy wants few calls). */
export const searchDebounceMs = 300;
const minQueryLength = 3;

const isKeyed = (query: string) =>
  Object.keys(parseQuery(query).facets).some((key) => key !== 'text' && key !== 'exclude');

export interface PlaceSearchState {
  results: PlaceResult[];
  /** How many own spots the query finds in all (the list shows a few). */
  ownTotal: number;
  /** Whether the query uses keys (`tree:oak`): then showing all its spots comes first. */
  keyed: boolean;
  searching: boolean;
  failed: boolean;
}

/** Own spots match at once; places follow after the debounce, the previous request aborted. */
export function usePlaceSearch(query: string, locations: readonly Location[]): PlaceSearchState {
  const geocoderUrl = useMapSettings()?.geocoderUrl ?? '';
  const placesLibrary = useMapLibrary('places');
  // Typing stays first: the journal's search runs on the text once React has a moment.
  const deferred = useDeferredValue(query);
  const own = useMemo(() => matchOwnLocations(locations, deferred), [locations, deferred]);
  const [places, setPlaces] = useState<{ query: string; results: PlaceResult[] }>({
    query: '',
    results: [],
  });
  const [status, setStatus] = useState<{ searching: boolean; failed: boolean }>({
    searching: false,
    failed: false,
  });
  const trimmed = query.trim();
  // A query with keys is about the journal: it never goes to the geocoder, an outside service.
  const keyed = isKeyed(trimmed);

  useEffect(() => {
    if (!placesLibrary || !geocoderUrl || keyed || trimmed.length < minQueryLength) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus({ searching: true, failed: false });
      placesLibrary.searchPlaces(geocoderUrl, trimmed, controller.signal).then(
        (results) => {
          setPlaces({ query: trimmed, results });
          setStatus({ searching: false, failed: false });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('Place search failed', error);
          setStatus({ searching: false, failed: true });
        },
      );
    }, searchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [placesLibrary, geocoderUrl, trimmed, keyed]);

  const current = !keyed && trimmed.length >= minQueryLength && places.query === trimmed;
  return {
    results: [...own.results, ...(current ? places.results : [])],
    ownTotal: own.total,
    keyed: own.keyed,
    searching: status.searching && !keyed && trimmed.length >= minQueryLength,
    failed: status.failed && !keyed && trimmed.length >= minQueryLength,
  };
}

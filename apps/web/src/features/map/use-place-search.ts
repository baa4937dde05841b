import type { Location } from '@fj/contract/locations';
import { useEffect, useMemo, useState } from 'react';
import type { PlaceResult } from '../../lib/maps/places-library.ts';
import { useMapLibrary, useMapSettings } from '../../lib/maps/use-maps.ts';
import { matchOwnLocations } from './match-own-locations.ts';

/** Typing pauses this long before the geocoder is asked (its usage policy wants few calls). */
export const searchDebounceMs = 300;
const minQueryLength = 3;

export interface PlaceSearchState {
  results: PlaceResult[];
  searching: boolean;
  failed: boolean;
}

/** Own spots match at once; places follow after the debounce, the previous request aborted. */
export function usePlaceSearch(query: string, locations: readonly Location[]): PlaceSearchState {
  const geocoderUrl = useMapSettings()?.geocoderUrl ?? '';
  const placesLibrary = useMapLibrary('places');
  const own = useMemo(() => matchOwnLocations(locations, query), [locations, query]);
  const [places, setPlaces] = useState<{ query: string; results: PlaceResult[] }>({
    query: '',
    results: [],
  });
  const [status, setStatus] = useState<{ searching: boolean; failed: boolean }>({
    searching: false,
    failed: false,
  });
  const trimmed = query.trim();

  useEffect(() => {
    if (!placesLibrary || !geocoderUrl || trimmed.length < minQueryLength) return;
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
  }, [placesLibrary, geocoderUrl, trimmed]);

  const current = trimmed.length >= minQueryLength && places.query === trimmed;
  return {
    results: [...own, ...(current ? places.results : [])],
    searching: status.searching && trimmed.length >= minQueryLength,
    failed: status.failed && trimmed.length >= minQueryLength,
  };
}

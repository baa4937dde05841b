import type { Location } from '@fj/contract/locations';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { Link } from 'react-router';
import { conditionLabel } from '../../lib/search/empty-result.ts';
import { conditionsOf } from '../../lib/search/query-parts.ts';
import {
  emptyRequest,
  hrefWith,
  readRequest,
  requestKey,
  type SearchRequest,
} from '../../lib/search/search-request.ts';
import { useSearchUrl } from '../../lib/search/use-search-url.ts';
import { useSpotSearch, type SpotSearch } from '../../lib/search/use-spot-search.ts';
import { boundsOf } from './start-view.ts';

/**
 * The search shown on the map (docs/behaviour.md#search-map): the URL's `?q=…` (a saved
 * search, the box's "Show on the map", a link from the Locations page), its matches drawn as
 * they are and the other spots faint.
 */
export function useSearchLayer(locations: readonly Location[]) {
  const { request, setRequest } = useSearchUrl();
  const search = useSpotSearch(request, locations);
  const outcome = search.active ? search.outcome : null;
  const lit = useMemo(
    () => (outcome ? new Set(outcome.hits.map((hit) => hit.location.id)) : null),
    [outcome],
  );
  return { request, setRequest, search, lit };
}

/**
 * A new search's matches brought into view once its answer comes, unless a spot is open (the
 * map flies to that one).
 */
export function useFitToMatches(
  mapRef: RefObject<MapRef | null>,
  ready: boolean,
  request: SearchRequest,
  search: SpotSearch,
  selectedId: string | null,
) {
  const fitted = useRef<string | null>(null);
  const key = requestKey(request);
  const hits = search.searching ? null : search.outcome?.hits;
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !hits || fitted.current === key) return;
    fitted.current = key;
    const bounds = boundsOf(hits.map((hit) => hit.location));
    if (!bounds || selectedId) return;
    // Not closer than zoom 13: one match alone keeps the spots around it in view.
    map.fitBounds(bounds, { padding: 80, maxZoom: 13, duration: 600 });
  }, [mapRef, ready, key, hits, selectedId]);
}

/** The search in words: as typed, or its conditions. */
function searchWords(request: SearchRequest): string {
  if (request.extra.length === 0) return request.q.trim();
  return conditionsOf(readRequest(request).facets).map(conditionLabel).join(' ');
}

interface SearchLayerBarProps {
  request: SearchRequest;
  search: SpotSearch;
  total: number;
  onRequest(next: SearchRequest): void;
}

/** Under the search box: which search the map shows, how many spots match, List and Clear. */
export function SearchLayerBar({ request, search, total, onRequest }: SearchLayerBarProps) {
  if (!search.active && search.problems.length === 0) return null;
  const outcome = search.outcome;
  let state: string;
  if (search.problems.length > 0)
    state = `cannot be read: ${search.problems.map((p) => `${p.key}: ${p.message}`).join('; ')}`;
  else if (search.error) state = `failed: ${search.error}`;
  else if (!outcome || search.searching) state = 'Searching…';
  else if (outcome.hits.length === 0) state = 'No spot matches';
  else state = `${outcome.total} of ${total} ${total === 1 ? 'spot matches' : 'spots match'}`;
  const device =
    outcome?.source === 'device' && !search.searching ? ' (searched on this device)' : '';
  return (
    <div className="map-search-layer" data-testid="map-search-layer">
      <p role="status">
        <span className="map-search-layer-query">{searchWords(request)}</span>
        <span>
          {state}
          {device}
        </span>
      </p>
      {search.error && (
        <button type="button" className="link-button" onClick={search.retry}>
          Retry
        </button>
      )}
      <Link className="link-button" to={hrefWith('/locations', request)}>
        List
      </Link>
      <button
        type="button"
        className="map-search-layer-clear"
        aria-label="Clear the search from the map"
        onClick={() => onRequest(emptyRequest)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

import type { Location } from '@fj/contract/locations';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  dropCondition,
  dropProblem,
  emptyRequest,
  hrefWith,
  type SearchRequest,
} from '../../../lib/search/search-request.ts';
import type { SpotSearch } from '../../../lib/search/use-spot-search.ts';
import { showingCount } from '../list/format-visit.ts';
import { LocationList } from '../list/location-list.tsx';
import { sortLocations, sortsFor, type LocationSort } from '../list/sort-locations.ts';
import type { LatLng } from '../../../lib/geo.ts';
import { EmptyResult, Searching, SearchFailed, SearchProblems } from './search-states.tsx';

interface SearchListProps {
  locations: Location[];
  /** The spots listed, in order (useShownSpots). */
  shown: Location[];
  sort: ListSort;
  onSort(sort: ListSort): void;
  request: SearchRequest;
  search: SpotSearch;
  onRequest(next: SearchRequest): void;
  /** The device's position, when known: "Nearest" and each row's distance. */
  position: LatLng | null;
}

/** The list's orders; `match` is the search's own: the newest matching visit first. */
export type ListSort = LocationSort | 'match';
const matchSort = { value: 'match', label: 'Newest matching visit' } as const;

/** The spots to list: every spot, or the search's, in the order chosen. */
export function useShownSpots(
  locations: Location[],
  search: SpotSearch,
  sort: ListSort,
  position: LatLng | null,
) {
  const hits = search.active ? search.outcome?.hits : undefined;
  return useMemo(() => {
    const list = hits ? hits.map((hit) => hit.location) : locations;
    return sort === 'match' ? list : sortLocations(list, sort, position);
  }, [hits, locations, sort, position]);
}

function statusLine(search: SpotSearch, shown: number, total: number): string {
  const outcome = search.outcome;
  if (!search.active || !outcome) return showingCount(shown, total);
  const more =
    outcome.total > outcome.hits.length ? ` (the first ${shown} of ${outcome.total} matches)` : '';
  const visits = outcome.hits.reduce((sum, hit) => sum + hit.entryIds.length, 0);
  const visitWords = visits > 0 ? ` · ${visits} matching ${visits === 1 ? 'visit' : 'visits'}` : '';
  const where = outcome.source === 'device' ? ' · searched on this device' : '';
  return `${showingCount(shown, total)}${more}${visitWords}${where}${search.searching ? ' · Searching…' : ''}`;
}

/** The list under the search: every spot, or what the search found, with its states. */
export function SearchList(props: SearchListProps) {
  const { locations, shown, sort, onSort, request, search, onRequest, position } = props;
  const hits = search.active ? search.outcome?.hits : undefined;
  const visitsAt = useMemo(
    () => new Map(hits?.map((hit) => [hit.location.id, hit.entryIds.length])),
    [hits],
  );
  const asksVisits = hits?.some((hit) => hit.entryIds.length > 0) ?? false;
  const sorts = search.active ? [matchSort, ...sortsFor(position)] : sortsFor(position);

  if (search.problems.length > 0)
    return (
      <SearchProblems
        problems={search.problems}
        onDrop={(problem) => onRequest(dropProblem(request, problem))}
      />
    );
  if (search.active && search.error)
    return <SearchFailed message={search.error} onRetry={search.retry} />;
  if (search.active && !search.outcome) return <Searching />;

  return (
    <>
      <div className="list-bar">
        <p className="list-count" role="status">
          {statusLine(search, shown.length, locations.length)}
        </p>
        <label className="list-sort">
          <span>Sort by</span>
          <select value={sort} onChange={(event) => onSort(event.target.value as ListSort)}>
            {sorts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {search.active && shown.length > 0 && (
          <Link className="link-button" to={hrefWith('/', request)}>
            Show on map
          </Link>
        )}
      </div>
      {search.outcome?.note && <p className="inline-hint">{search.outcome.note}</p>}
      {shown.length > 0 ? (
        <LocationList
          locations={shown}
          linkTo={(location) => hrefWith('/', request, { location: location.id })}
          matchingVisits={asksVisits ? (location) => visitsAt.get(location.id) : undefined}
          position={position}
        />
      ) : (
        <EmptyResult
          locations={locations}
          request={request}
          onDrop={(condition) => onRequest(dropCondition(request, condition))}
          onClear={() => onRequest(emptyRequest)}
        />
      )}
    </>
  );
}

import type { Location } from '@fj/contract/locations';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LocationList } from '../../features/locations/list/location-list.tsx';
import { defaultSort, sortLocations } from '../../features/locations/list/sort-locations.ts';
import type { LatLng } from '../../lib/geo.ts';
import '../../styles/pages.css';

interface SpotsPanelProps {
  locations: readonly Location[];
  /** The device's position, when known: nearest first, with distances. */
  position: LatLng | null;
  /** The spot whose row is pointed at, for the map to highlight its marker. */
  onPoint(id: string | null): void;
}

/**
 * Beside the map on a wide screen, while no spot is open: every spot, nearest first when the
 * position is known, else by last visit. A row opens its spot on this same map (`?location=`),
 * so the map stays as it is and flies there.
 */
export function SpotsPanel({ locations, position, onPoint }: SpotsPanelProps) {
  const [params] = useSearchParams();
  const sort = defaultSort(position);
  const sorted = useMemo(
    () => sortLocations(locations, sort, position),
    [locations, sort, position],
  );
  const linkTo = (location: Location) => {
    const next = new URLSearchParams(params);
    next.set('location', location.id);
    return `/?${next.toString()}`;
  };
  return (
    <aside className="home-panel spots-panel" aria-label="Your spots">
      <div className="spots-panel-heading">
        <h2>Your spots</h2>
        <p>
          {locations.length} {locations.length === 1 ? 'spot' : 'spots'},{' '}
          {sort === 'nearest' ? 'nearest first' : 'last visited first'} ·{' '}
          <Link to="/locations">Search and sort</Link>
        </p>
      </div>
      {/* A click opens the spot: its row goes, so the pointing ends with it. */}
      <div className="spots-panel-list" onClickCapture={() => onPoint(null)}>
        <LocationList locations={sorted} linkTo={linkTo} position={position} onPoint={onPoint} />
      </div>
    </aside>
  );
}

import type { Location } from '@fj/contract/locations';
import type { CSSProperties } from 'react';
import { categoryColor } from '../../../lib/category-colors.ts';
import { formatArea, formatDistance } from '../../../lib/geo.ts';
import { useMapLibrary } from '../../../lib/maps/use-maps.ts';
import { ACCESS_LABELS } from './access-labels.ts';
import { formatDay, plural, type LocationSummary } from './location-summary.ts';

interface Props {
  location: Location;
  summary: LocationSummary;
  userPosition: { lat: number; lng: number } | null;
}

function Chips({ items, colored }: { items: readonly string[]; colored?: boolean }) {
  return (
    <ul className="chip-list">
      {items.map((item) => (
        <li
          key={item}
          className={colored ? 'chip chip-category' : 'chip'}
          style={colored ? ({ '--chip-color': categoryColor(item) } as CSSProperties) : undefined}
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

/** What is known about a spot; a fact nobody recorded is left out rather than shown empty. */
export function LocationFacts({ location, summary, userPosition }: Props) {
  const { categories = [], species = [], treeTypes = [], access, area } = location;
  // Distance and patch size wait for turf, which loads on first use (docs/behaviour.md#maps).
  const geometry = useMapLibrary('geometry');
  return (
    <>
      {categories.length > 0 && <Chips items={categories} colored />}
      {location.description && <p className="journal-description">{location.description}</p>}
      <dl className="journal-facts">
        {userPosition && geometry && (
          <>
            <dt>Distance</dt>
            <dd>
              {formatDistance(geometry.distanceMeters(userPosition, location.position))} from you
            </dd>
          </>
        )}
        {area && geometry && (
          <>
            <dt>Patch</dt>
            <dd>{formatArea(geometry.areaSquareMeters(area))}</dd>
          </>
        )}
        {species.length > 0 && (
          <>
            <dt>Species</dt>
            <dd>
              <Chips items={species} />
            </dd>
          </>
        )}
        {location.terrainType && (
          <>
            <dt>Terrain</dt>
            <dd>{location.terrainType}</dd>
          </>
        )}
        {treeTypes.length > 0 && (
          <>
            <dt>Trees</dt>
            <dd>{treeTypes.join(', ')}</dd>
          </>
        )}
        {access && (
          <>
            <dt>Access</dt>
            <dd>
              <span className="access-badge" data-status={access.status}>
                {ACCESS_LABELS[access.status]}
              </span>
              {access.note && <> — {access.note}</>}
            </dd>
          </>
        )}
        <dt>Last visit</dt>
        <dd>{summary.lastVisit ? formatDay(summary.lastVisit) : 'Not yet'}</dd>
        <dt>Journal</dt>
        <dd>
          {plural(summary.entries, 'entry', 'entries')}, {plural(summary.photos, 'photo')}
        </dd>
      </dl>
    </>
  );
}

import type { Location } from '@fj/contract/locations';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { resolveServerUrl } from '../../../lib/api/api-base.ts';
import { locationColor } from '../../../lib/category-colors.ts';
import { formatDistance } from '../../../lib/geo.ts';
import { SyncMarkBadge } from '../../../lib/ui/sync-mark-badge.tsx';
import { useJournalStore } from '../../../store/journal-store.ts';
import { syncMarkOf } from '../../../store/outbox-view.ts';
import { formatVisit } from './format-visit.ts';
import { lastVisit, newestPhoto } from './sort-locations.ts';

interface LocationRowProps {
  location: Location;
  /** Where the row leads: the home map with the spot (and the search, when there is one). */
  to: string;
  /** The visits a search found here; undefined when no search asked about visits. */
  matchingVisits?: number;
  /** Metres from the device, when its position is known. */
  meters?: number;
  /** The spot open on the map beside the list. */
  selected?: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One spot: its newest photo (or its colour), its name on up to two lines, the last visit and
 * the distance; the home map opens the spot named in `?location=`.
 */
export function LocationRow(props: LocationRowProps) {
  const { location, to, matchingVisits, meters, selected, onKeyDown } = props;
  const entries = location.entries.length;
  const categories = location.categories?.join(', ') || 'No category';
  const mark = useJournalStore((state) => syncMarkOf(state.outbox, location.id));
  const photo = newestPhoto(location);
  return (
    <Link
      className="location-row"
      to={to}
      onKeyDown={onKeyDown}
      aria-current={selected ? 'true' : undefined}
    >
      <span
        className="location-thumb"
        style={{ background: locationColor(location.categories) }}
        aria-hidden="true"
      >
        {photo && <img src={resolveServerUrl(photo)} alt="" loading="lazy" />}
      </span>
      {location.favorite && (
        <span className="location-star" role="img" aria-label="Favourite">
          ★
        </span>
      )}
      <span className="location-main">
        <span className="location-name">{location.name}</span>
        <span className="location-meta">
          {formatVisit(lastVisit(location))}
          {meters !== undefined && (
            <>
              {' · '}
              <span className="location-distance" data-meters={Math.round(meters)}>
                {formatDistance(meters)}
              </span>
            </>
          )}
        </span>
        <span className="location-meta">
          {matchingVisits === undefined ? (
            `${plural(entries, 'entry', 'entries')} · ${categories}`
          ) : (
            <span className="location-matches">
              {plural(matchingVisits, 'matching visit', 'matching visits')}
            </span>
          )}{' '}
          <SyncMarkBadge mark={mark} />
        </span>
      </span>
    </Link>
  );
}

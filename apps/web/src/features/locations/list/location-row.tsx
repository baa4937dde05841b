import type { Location } from '@fj/contract/locations';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { locationColor } from '../../../lib/category-colors.ts';
import { SyncMarkBadge } from '../../../lib/ui/sync-mark-badge.tsx';
import { useJournalStore } from '../../../store/journal-store.ts';
import { syncMarkOf } from '../../../store/outbox-view.ts';
import { formatVisit } from './format-visit.ts';
import { lastVisit } from './sort-locations.ts';

interface LocationRowProps {
  location: Location;
  /** Where the row leads: the home map with the spot (and the search, when there is one). */
  to: string;
  /** The visits a search found here; undefined when no search asked about visits. */
  matchingVisits?: number;
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One spot; the home map opens the spot named in `?location=`. */
export function LocationRow({ location, to, matchingVisits, onKeyDown }: LocationRowProps) {
  const entries = location.entries.length;
  const categories = location.categories?.join(', ') || 'No category';
  const mark = useJournalStore((state) => syncMarkOf(state.outbox, location.id));
  return (
    <Link className="location-row" to={to} onKeyDown={onKeyDown}>
      <span
        className="location-dot"
        style={{ background: locationColor(location.categories) }}
        aria-hidden="true"
      />
      <span className="location-main">
        <span className="location-name">{location.name}</span>
        <span className="location-meta">{categories}</span>
        <SyncMarkBadge mark={mark} />
      </span>
      <span className="location-side">
        {matchingVisits === undefined ? (
          <span>{plural(entries, 'entry', 'entries')}</span>
        ) : (
          <span className="location-matches">
            {plural(matchingVisits, 'matching visit', 'matching visits')}
          </span>
        )}
        <span className="location-meta">{formatVisit(lastVisit(location))}</span>
      </span>
      {location.favorite ? (
        <span className="location-star" role="img" aria-label="Favourite">
          ★
        </span>
      ) : (
        <span className="location-star" aria-hidden="true" />
      )}
    </Link>
  );
}

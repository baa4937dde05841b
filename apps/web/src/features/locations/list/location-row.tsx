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
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
}

/** One spot; the home map opens the spot named in `?location=`. */
export function LocationRow({ location, onKeyDown }: LocationRowProps) {
  const entries = location.entries.length;
  const categories = location.categories?.join(', ') || 'No category';
  const mark = useJournalStore((state) => syncMarkOf(state.outbox, location.id));
  return (
    <Link
      className="location-row"
      to={`/?location=${encodeURIComponent(location.id)}`}
      onKeyDown={onKeyDown}
    >
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
        <span>
          {entries} {entries === 1 ? 'entry' : 'entries'}
        </span>
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

import type { Location } from '@fj/contract/locations';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDistance, type LatLng } from '../../lib/geo.ts';
import '../../styles/seasons.css';
import { inSeasonNow } from './in-season.ts';
import { visitsOf } from './journal-visits.ts';
import { localIsoDate, memoriesOn, type Memory } from './on-this-day.ts';
import { yearsAgo } from './season-text.ts';

/** Local storage: the day "On this day" was dismissed on; it shows again the next day. */
export const ON_THIS_DAY_DISMISSED_KEY = 'fj:on-this-day-dismissed';
/** How many species and spots the card names before "more on the Seasons page". */
const SHOWN_SPECIES = 3;
const SHOWN_SPOTS = 3;

const dismissedOn = () => {
  try {
    return localStorage.getItem(ON_THIS_DAY_DISMISSED_KEY);
  } catch {
    return null;
  }
};

function memoryText(memory: Memory): string {
  return `${yearsAgo(memory.years)} ${memory.sameDay ? 'today' : 'this week'} you found ${memory.species} at ${memory.locationName}`;
}

interface Props {
  locations: readonly Location[];
  /** The device's position when it knows it (from the map's "my position"); never sent. */
  position: LatLng | null;
  /** Start with the list folded to its heading (a phone: the card must not hide the map). */
  folded?: boolean;
}

/**
 * The home screen's season card (docs/behaviour.md#seasons): what is in season today and
 * where, and a find of an earlier year near today's date. Nothing shows without either.
 */
export function HomeSeasonCard({ locations, position, folded = false }: Props) {
  const today = localIsoDate(new Date());
  const [dismissed, setDismissed] = useState(() => dismissedOn() === today);
  const [open, setOpen] = useState(!folded);
  const visits = useMemo(() => visitsOf(locations), [locations]);
  const now = useMemo(
    () => inSeasonNow(locations, visits, today, position),
    [locations, visits, today, position],
  );
  const memory = useMemo(() => memoriesOn(locations, today)[0], [locations, today]);
  const showMemory = memory !== undefined && !dismissed;
  if (now.length === 0 && !showMemory) return null;

  function dismiss() {
    setDismissed(true);
    try {
      localStorage.setItem(ON_THIS_DAY_DISMISSED_KEY, today);
    } catch {
      // Storage refused (private mode): dismissed for this visit only.
    }
  }

  return (
    <section className="home-season" aria-label="Seasons today">
      {now.length > 0 && (
        <div className="home-season-now">
          <div className="home-season-head">
            <h2>In season now</h2>
            <button
              type="button"
              className="link-button"
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide' : `Show ${now.length}`}
            </button>
          </div>
          {open && (
            <ul className="home-season-list">
              {now.slice(0, SHOWN_SPECIES).map((item) => (
                <li key={item.species}>
                  <Link to={`/seasons?species=${encodeURIComponent(item.species)}`}>
                    <strong>{item.species}</strong>
                  </Link>
                  <span className="home-season-spots">
                    {item.spots.slice(0, SHOWN_SPOTS).map((spot, index) => (
                      <span key={spot.id}>
                        {index > 0 && ', '}
                        <Link to={`/?location=${encodeURIComponent(spot.id)}`}>{spot.name}</Link>
                        {spot.meters !== null && ` (${formatDistance(spot.meters)})`}
                      </span>
                    ))}
                  </span>
                </li>
              ))}
              {now.length > SHOWN_SPECIES && (
                <li>
                  <Link to="/seasons">{now.length - SHOWN_SPECIES} more on the Seasons page</Link>
                </li>
              )}
            </ul>
          )}
        </div>
      )}
      {showMemory && (
        <div className="home-season-memory">
          <h2 className="visually-hidden">On this day</h2>
          <p>{memoryText(memory)}</p>
          <button type="button" className="link-button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      )}
    </section>
  );
}

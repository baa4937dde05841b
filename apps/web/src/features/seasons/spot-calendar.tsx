import type { Location } from '@fj/contract/locations';
import { useMemo } from 'react';
import { Link } from 'react-router';
import '../../styles/seasons.css';
import { spotSeasons } from './season-model.ts';
import { SpotCalendarTable } from './spot-calendar-table.tsx';

/** The location page's calendar: each species found at this spot, its months and window. */
export function SpotCalendar({ location }: { location: Location }) {
  const seasons = useMemo(() => spotSeasons(location), [location]);
  return (
    <section className="spot-calendar-section" aria-labelledby={`calendar-${location.id}`}>
      <h3 id={`calendar-${location.id}`}>Calendar</h3>
      {seasons.length === 0 ? (
        <p className="field-hint">
          Record your visits here, including ones where you found nothing, to see when each species
          fruits at this spot.
        </p>
      ) : (
        <>
          <SpotCalendarTable seasons={seasons} />
          <p className="field-hint">
            Numbers: visits that found it that month. <Link to="/seasons">All seasons</Link>
          </p>
        </>
      )}
    </section>
  );
}

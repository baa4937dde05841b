import type { Location } from '@fj/contract/locations';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { spotsOf, type JournalVisit } from './journal-visits.ts';
import { MonthChart } from './month-chart.tsx';
import { seasonOf } from './season-model.ts';
import { MonthScale, SeasonStrip } from './season-strip.tsx';
import { formatDate, plural, windowText } from './season-text.ts';
import { YearTable } from './year-table.tsx';

interface Props {
  species: string;
  visits: readonly JournalVisit[];
  locations: readonly Location[];
  today: string;
}

/** One species' season: its window, finds per visit by month, year by year, and its spots. */
export function SpeciesSeasonView({ species, visits, locations, today }: Props) {
  const season = useMemo(() => seasonOf(visits, species), [visits, species]);
  const spots = useMemo(() => spotsOf(locations, species), [locations, species]);
  return (
    <article className="species-season" aria-labelledby="species-season-heading">
      <p>
        <Link to="/seasons">← All species</Link>
      </p>
      <h2 id="species-season-heading">{species}</h2>
      {season.found === 0 ? (
        <p className="inline-hint">
          No finds of {species} yet. Record each visit to its spots, also the ones where you found
          nothing, and its season shows here.
        </p>
      ) : (
        <>
          <p className="season-facts">
            Found on {season.found} of {plural(season.visits, 'visit')} to its spots · Season{' '}
            <strong>{windowText(season.window)}</strong>
          </p>
          <MonthScale />
          <SeasonStrip window={season.window} today={today.slice(5)} />
          <h3>By month</h3>
          <MonthChart months={season.months} species={species} />
          <h3>Year by year</h3>
          <YearTable years={season.years} species={species} />
          <h3>Spots</h3>
          <ul className="season-spots">
            {spots.map((spot) => (
              <li key={spot.location.id}>
                <Link to={`/?location=${encodeURIComponent(spot.location.id)}`}>
                  {spot.location.name}
                </Link>{' '}
                <span className="field-hint">
                  found {plural(spot.found, 'time')}, last {formatDate(spot.lastFound)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { journalKnown } from '../../store/journal-known.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import '../../styles/pages.css';
import '../../styles/seasons.css';
import { measured } from '../../lib/measured.ts';
import { visitsOf } from './journal-visits.ts';
import { localIsoDate } from './on-this-day.ts';
import { seasonMeasures } from './season-measures.ts';
import { seasonRows, type SeasonRow } from './season-model.ts';
import { MonthScale, SeasonStrip } from './season-strip.tsx';
import { formatDate, plural, windowText } from './season-text.ts';
import { SpeciesSeasonView } from './species-season-view.tsx';

export const EMPTY_SEASONS_TEXT =
  'Record visits, including ones where you found nothing, to see when each species fruits.';

function when(row: SeasonRow): string {
  if (row.now) return 'In season now';
  return row.nextStart ? `Next from ${formatDate(row.nextStart)}` : '';
}

/**
 * `/seasons` (docs/behaviour.md#seasons): every species found, its window on a 12-month strip,
 * the next to start first; `?species=` opens one. Computed on the device from its copy.
 */
export function SeasonsPage() {
  const locations = useJournalStore((state) => state.locations);
  const known = useJournalStore(journalKnown);
  const userId = useJournalStore((state) => state.userId);
  const fetchLocations = useJournalStore((state) => state.fetchLocations);
  const [params] = useSearchParams();
  const chosen = params.get('species')?.trim() || null;
  const today = localIsoDate(new Date());

  useEffect(() => {
    if (userId) void fetchLocations();
  }, [userId, fetchLocations]);

  // Both timed for the web bench's `seasons` section (bench/seasons-page.ts).
  const visits = useMemo(
    () =>
      measured(
        seasonMeasures.visits,
        () => visitsOf(locations),
        (all) => all.length,
      ),
    [locations],
  );
  const rows = useMemo(
    () =>
      measured(
        seasonMeasures.rows,
        () => seasonRows(visits, today),
        () => visits.length,
      ),
    [visits, today],
  );

  let body;
  if (chosen)
    body = (
      <SpeciesSeasonView species={chosen} visits={visits} locations={locations} today={today} />
    );
  else if (rows.length === 0 && !known)
    body = (
      <div className="state-panel" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Loading your journal…</p>
      </div>
    );
  else if (rows.length === 0)
    body = (
      <div className="state-panel">
        <p>{EMPTY_SEASONS_TEXT}</p>
        <Link className="button button-primary" to="/">
          Open the map
        </Link>
      </div>
    );
  else
    body = (
      <>
        <div className="season-list-head">
          <span>Species</span>
          <MonthScale />
        </div>
        <ul className="season-list" aria-label="Species by season">
          {rows.map((row) => (
            <li key={row.species}>
              <Link
                className="season-row"
                to={`/seasons?species=${encodeURIComponent(row.species)}`}
              >
                <span className="season-name">
                  <strong>{row.species}</strong>
                  <span className="season-when">
                    {windowText(row.window)} · {plural(row.found, 'find')}
                  </span>
                  <span className={row.now ? 'season-badge season-now' : 'season-badge'}>
                    {when(row)}
                  </span>
                </span>
                <SeasonStrip window={row.window} today={today.slice(5)} />
              </Link>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <div className="page seasons-page">
      <h1>Seasons</h1>
      <p className="page-lead">When each species fruits at your spots, from your own visits.</p>
      {body}
    </div>
  );
}

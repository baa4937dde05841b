import type { SpeciesSeason } from '@fj/contract/seasonality';
import { monthNames, windowText } from './season-text.ts';

/**
 * A spot's calendar: a row per species found there, a cell per month marked where it was
 * found (with how many visits that month found it), and its window. A real table: the marks
 * are read as "found 2 of 3 visits".
 */
export function SpotCalendarTable({ seasons }: { seasons: readonly SpeciesSeason[] }) {
  return (
    <div className="spot-calendar-scroll">
      <table className="spot-calendar">
        <caption className="visually-hidden">Months each species was found here</caption>
        <thead>
          <tr>
            <th scope="col">Species</th>
            {monthNames.map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name[0]}
              </th>
            ))}
            <th scope="col">Season</th>
          </tr>
        </thead>
        <tbody>
          {seasons.map((season) => (
            <tr key={season.species}>
              <th scope="row">{season.species}</th>
              {season.months.map((month, index) => (
                <td
                  key={month.month}
                  className={month.found > 0 ? 'calendar-found' : undefined}
                  aria-label={
                    month.visits === 0
                      ? `${monthNames[index]}: no visits`
                      : `${monthNames[index]}: found ${month.found} of ${month.visits} visits`
                  }
                >
                  {month.found > 0 ? month.found : ''}
                </td>
              ))}
              <td className="calendar-window">{windowText(season.window)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { SpeciesSeason } from '@fj/contract/seasonality';
import { formatDate } from './season-text.ts';

/** Year over year: how often it was looked for and found, and its first and last find. */
export function YearTable({ years, species }: { years: SpeciesSeason['years']; species: string }) {
  if (years.length === 0) return null;
  return (
    <table className="season-table">
      <caption>{species} year by year</caption>
      <thead>
        <tr>
          <th scope="col">Year</th>
          <th scope="col">Visits</th>
          <th scope="col">Found</th>
          <th scope="col">First find</th>
          <th scope="col">Last find</th>
        </tr>
      </thead>
      <tbody>
        {[...years]
          .sort((a, b) => b.year - a.year)
          .map((year) => (
            <tr key={year.year}>
              <th scope="row">{year.year}</th>
              <td>{year.visits}</td>
              <td>{year.found}</td>
              <td>{year.first ? formatDate(year.first) : '—'}</td>
              <td>{year.last ? formatDate(year.last) : '—'}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

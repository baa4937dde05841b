import type { SpeciesSeason } from '@fj/contract/seasonality';
import { findUnits } from '@fj/contract/finds';
import { formatQuantity } from '../../lib/finds-text.ts';
import { monthNames } from './season-text.ts';

type Month = SpeciesSeason['months'][number];

const WIDTH = 360;
const COLUMN = WIDTH / 12;
const TOP = 18;
const BAR_HEIGHT = 90;
const HEIGHT = TOP + BAR_HEIGHT + 30;

/** "1.2 kg, 14": a month's summed quantities, unit by unit. */
export function quantityText(quantity: Month['quantity']): string {
  return findUnits
    .flatMap((unit) => {
      const value = quantity[unit];
      return value === undefined ? [] : [formatQuantity({ quantity: value, unit })];
    })
    .join(', ');
}

/** "12/15" is wider than a month's column: squeezed into it rather than over its neighbours. */
const squeezed = (label: string) =>
  label.length > 4 ? { textLength: COLUMN - 2, lengthAdjust: 'spacingAndGlyphs' as const } : {};

/** The share of a month's visits that found the species, 0 with no visit. */
export const foundShare = (month: Pick<Month, 'visits' | 'found'>) =>
  month.visits === 0 ? 0 : month.found / month.visits;

/**
 * Finds per visit by month: each bar is the share of that month's visits that found the
 * species, "found/visits" above it, so a month visited once does not pass for a good one.
 * The picture is hidden from screen readers: the table under it holds the same numbers.
 */
export function MonthChart({ months, species }: { months: readonly Month[]; species: string }) {
  return (
    <figure className="month-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <line
          className="chart-axis"
          x1={0}
          x2={WIDTH}
          y1={TOP + BAR_HEIGHT}
          y2={TOP + BAR_HEIGHT}
        />
        {months.map((month, index) => {
          const height = Math.round(foundShare(month) * BAR_HEIGHT);
          const x = index * COLUMN;
          return (
            <g key={month.month}>
              {month.visits > 0 && (
                <rect
                  className="chart-visits"
                  x={x + 4}
                  width={COLUMN - 8}
                  y={TOP}
                  height={BAR_HEIGHT}
                  rx={3}
                />
              )}
              {height > 0 && (
                <rect
                  className="chart-found"
                  x={x + 4}
                  width={COLUMN - 8}
                  y={TOP + BAR_HEIGHT - height}
                  height={height}
                  rx={3}
                />
              )}
              {month.visits > 0 && (
                <text
                  className="chart-count"
                  x={x + COLUMN / 2}
                  y={TOP - 4}
                  textAnchor="middle"
                  {...squeezed(`${month.found}/${month.visits}`)}
                >
                  {month.found}/{month.visits}
                </text>
              )}
              <text
                className="chart-month"
                x={x + COLUMN / 2}
                y={TOP + BAR_HEIGHT + 14}
                textAnchor="middle"
              >
                {monthNames[index]}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="field-hint">
        Each bar: the share of your visits that month that found {species}; above it, found /
        visits.
      </figcaption>
      <table className="season-table">
        <caption>{species} by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Visits</th>
            <th scope="col">Found</th>
            <th scope="col">How much</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month, index) => (
            <tr key={month.month}>
              <th scope="row">{monthNames[index]}</th>
              <td>{month.visits}</td>
              <td>{month.found}</td>
              <td>{quantityText(month.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

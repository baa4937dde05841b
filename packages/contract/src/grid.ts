/**
 * The grid squares a shared spot is coarsened to (docs/behaviour.md#sharing): `km1`, the 0.01°
 * square holding the point, and `cell02`, iNaturalist's 0.2° cell (anchored at 0°, as theirs).
 *
 * Worked in integer microdegrees: the float formula `Math.floor(lat / 0.2)` puts 45.6 in cell 227
 * (45.6 / 0.2 is 227.99999999999997), and edges drift the same way at negative latitudes. The
 * integer cell is then checked against the point itself, so a point a hair below an edge (closer
 * to it than a microdegree) is still in the cell whose bounds, as the numbers sent, hold it.
 */

export type GridName = 'km1' | 'cell02';

/** Cell sides in microdegrees. */
export const gridStepMicro: Readonly<Record<GridName, number>> = { km1: 10_000, cell02: 200_000 };

export interface GridSquare {
  south: number;
  west: number;
  north: number;
  east: number;
}

const micro = 1_000_000;

/** a ÷ b rounded towards −∞, for integers (b > 0). */
export function floorDiv(a: number, b: number): number {
  const q = Math.trunc(a / b);
  return a % b !== 0 && a < 0 ? q - 1 : q;
}

/** The degrees of an edge given in microdegrees: the double nearest that decimal. */
const degrees = (microdegrees: number) => microdegrees / micro;

/**
 * The index of the cell of side `step` (microdegrees) holding `value` (degrees), between `min`
 * and `max` degrees; the last cell holds `max` itself (90°N, 180°E).
 */
function cellIndex(value: number, step: number, min: number, max: number): number {
  let k = floorDiv(Math.round(value * micro), step);
  if (value < degrees(k * step)) k -= 1;
  else if (value >= degrees((k + 1) * step)) k += 1;
  const first = floorDiv(min * micro, step);
  const last = floorDiv(max * micro, step) - (Number.isInteger((max * micro) / step) ? 1 : 0);
  return Math.min(Math.max(k, first), last);
}

/** The edges of cell k, kept within [min, max]. */
function edges(k: number, step: number, min: number, max: number): [number, number] {
  return [Math.max(min, degrees(k * step)), Math.min(max, degrees((k + 1) * step))];
}

/** The grid square holding the point: `south ≤ lat ≤ north`, `west ≤ lng ≤ east`. */
export function gridSquare(grid: GridName, lat: number, lng: number): GridSquare {
  const step = gridStepMicro[grid];
  const [south, north] = edges(cellIndex(lat, step, -90, 90), step, -90, 90);
  const [west, east] = edges(cellIndex(lng, step, -180, 180), step, -180, 180);
  return { south, west, north, east };
}

/** The square as a closed GeoJSON ring, counter-clockwise from its south-west corner. */
export function squarePolygon(square: GridSquare): {
  type: 'Polygon';
  coordinates: [number, number][][];
} {
  const { south, west, north, east } = square;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

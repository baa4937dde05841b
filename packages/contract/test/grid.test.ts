import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorDiv, gridSquare, gridStepMicro, type GridName } from '../src/grid.ts';

const grids: GridName[] = ['km1', 'cell02'];

/** The double just below x (x > 0 or x < 0, not 0). */
function nextDown(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 ? bits - 1n : bits + 1n);
  return view.getFloat64(0);
}

const onGrid = (degrees: number, step: number) => Math.round(degrees * 1e6) % step === 0;

describe('floorDiv', () => {
  it('rounds towards minus infinity', () => {
    expect(floorDiv(7, 2)).toBe(3);
    expect(floorDiv(-7, 2)).toBe(-4);
    expect(floorDiv(-8, 2)).toBe(-4);
    expect(floorDiv(0, 5)).toBe(0);
  });
});

describe('gridSquare', () => {
  it('puts 45.6 and −33.95 in the cells a float formula gets wrong', () => {
    // Math.floor(45.6 / 0.2) is 227: the float formula's cell ends at 45.6, leaving the point out.
    expect(gridSquare('cell02', 45.6, 13.1)).toMatchObject({ south: 45.6, north: 45.8 });
    expect(gridSquare('km1', -33.95, 151.2)).toMatchObject({ south: -33.95, north: -33.94 });
    expect(gridSquare('cell02', -33.95, -151.21)).toEqual({
      south: -34,
      north: -33.8,
      west: -151.4,
      east: -151.2,
    });
    expect(gridSquare('km1', 0.29, -0.07)).toEqual({
      south: 0.29,
      north: 0.3,
      west: -0.07,
      east: -0.06,
    });
  });

  it('keeps a point a hair below an edge in the cell below it', () => {
    const lat = nextDown(45.6);
    const square = gridSquare('cell02', lat, 10);
    expect(square.north).toBe(45.6);
    expect(square.south).toBeLessThanOrEqual(lat);
    expect(gridSquare('km1', nextDown(-33.95), 0).north).toBe(-33.95);
  });

  it('keeps the poles and the antimeridian inside the world', () => {
    expect(gridSquare('cell02', 90, 180)).toEqual({
      south: 89.8,
      north: 90,
      west: 179.8,
      east: 180,
    });
    expect(gridSquare('km1', -90, -180)).toEqual({
      south: -90,
      north: -89.99,
      west: -180,
      east: -179.99,
    });
  });

  const latitude = fc.double({ min: -90, max: 90, noNaN: true });
  const longitude = fc.double({ min: -180, max: 180, noNaN: true });

  it.each(grids)(
    '%s: the square holds the point, lies on the grid and is one step wide',
    (grid) => {
      const step = gridStepMicro[grid];
      fc.assert(
        fc.property(latitude, longitude, (lat, lng) => {
          const square = gridSquare(grid, lat, lng);
          expect(square.south).toBeLessThanOrEqual(lat);
          expect(lat).toBeLessThanOrEqual(square.north);
          expect(square.west).toBeLessThanOrEqual(lng);
          expect(lng).toBeLessThanOrEqual(square.east);
          for (const edge of Object.values(square)) expect(onGrid(edge, step)).toBe(true);
          expect(Math.round((square.north - square.south) * 1e6)).toBe(step);
          expect(Math.round((square.east - square.west) * 1e6)).toBe(step);
        }),
        { numRuns: 2000 },
      );
    },
  );

  it.each(grids)(
    '%s: a point on an edge starts its cell, one a hair below ends the one before',
    (grid) => {
      const step = gridStepMicro[grid];
      const edgeLat = fc
        .integer({ min: -90e6 / step + 1, max: 90e6 / step - 1 })
        .map((k) => (k * step) / 1e6);
      const edgeLng = fc
        .integer({ min: -180e6 / step + 1, max: 180e6 / step - 1 })
        .map((k) => (k * step) / 1e6);
      fc.assert(
        fc.property(edgeLat, edgeLng, (lat, lng) => {
          const square = gridSquare(grid, lat, lng);
          expect(square.south).toBe(lat);
          expect(square.west).toBe(lng);
          if (lat !== 0 && lng !== 0) {
            const below = gridSquare(grid, nextDown(lat), nextDown(lng));
            expect(below.north).toBe(lat);
            expect(below.east).toBe(lng);
          }
        }),
        { numRuns: 3000 },
      );
    },
  );

  it.each(grids)('%s: points written with up to 6 decimals, negative ones too', (grid) => {
    const sixDecimals = (max: number) =>
      fc.integer({ min: -max * 1e6, max: max * 1e6 }).map((m) => m / 1e6);
    fc.assert(
      fc.property(sixDecimals(90), sixDecimals(180), (lat, lng) => {
        const square = gridSquare(grid, lat, lng);
        expect(square.south <= lat && lat <= square.north).toBe(true);
        expect(square.west <= lng && lng <= square.east).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

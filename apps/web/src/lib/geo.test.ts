import { describe, expect, it } from 'vitest';
import {
  areaSquareMeters,
  closeRing,
  distanceMeters,
  formatArea,
  formatDistance,
  type Polygon,
} from './geo.ts';

/** A square of 0.001° at the equator: about 111 m a side. */
const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [0.001, 0],
      [0.001, 0.001],
      [0, 0.001],
      [0, 0],
    ],
  ],
};

describe('areaSquareMeters', () => {
  it('measures a small square at the equator', () => {
    expect(areaSquareMeters(square)).toBeGreaterThan(12_300);
    expect(areaSquareMeters(square)).toBeLessThan(12_400);
  });
});

describe('distanceMeters', () => {
  it('is zero for the same point', () => {
    expect(distanceMeters({ lat: 50, lng: 8 }, { lat: 50, lng: 8 })).toBe(0);
  });

  it('measures one degree of latitude as about 111 km', () => {
    const d = distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 });
    expect(d).toBeGreaterThan(110_000);
    expect(d).toBeLessThan(112_000);
  });

  it('reads {lat, lng} and not [lat, lng]', () => {
    // One degree of longitude shrinks with latitude; of latitude it does not.
    const east = distanceMeters({ lat: 60, lng: 0 }, { lat: 60, lng: 1 });
    expect(east).toBeGreaterThan(55_000);
    expect(east).toBeLessThan(56_500);
  });
});

describe('formatArea', () => {
  it.each([
    [0, '0 m²'],
    [523.4, '523 m²'],
    [9_999, '9,999 m²'],
    [12_345, '1.2 ha'],
    [2_500_000, '2.5 km²'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%s m² reads %s', (value, text) => {
    expect(formatArea(value)).toBe(text);
  });
});

describe('formatDistance', () => {
  it.each([
    [0, '0 m'],
    [42.4, '42 m'],
    [999, '999 m'],
    [1_234, '1.2 km'],
    [150_600, '151 km'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%s m reads %s', (value, text) => {
    expect(formatDistance(value)).toBe(text);
  });
});

describe('closeRing', () => {
  it('adds the first point at the end when missing', () => {
    expect(
      closeRing([
        [0, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
  });

  it('leaves a closed ring alone', () => {
    const ring = square.coordinates[0] ?? [];
    expect(closeRing(ring)).toEqual(ring);
  });
});

import { describe, expect, it } from 'vitest';
import type { Polygon } from '../geo.ts';
import { geometryLibrary } from './geometry-library.ts';

const { areaSquareMeters, distanceMeters } = geometryLibrary;

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

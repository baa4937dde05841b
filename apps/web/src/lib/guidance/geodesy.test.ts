import distance from '@turf/distance';
import { describe, expect, it } from 'vitest';
import type { Polygon } from '../geo.ts';
import {
  bearingDegrees,
  compassPoint,
  distanceMeters,
  guidanceTo,
  insidePolygon,
  nearestPointOfPolygon,
} from './geodesy.ts';

/** A square patch about 111 m × 71 m at 50° N, with a hole in its middle. */
const patch: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [8.0, 50.0],
      [8.001, 50.0],
      [8.001, 50.001],
      [8.0, 50.001],
      [8.0, 50.0],
    ],
    [
      [8.0004, 50.0004],
      [8.0006, 50.0004],
      [8.0006, 50.0006],
      [8.0004, 50.0006],
      [8.0004, 50.0004],
    ],
  ],
};

describe('distanceMeters', () => {
  it('agrees with turf to the centimetre', () => {
    const pairs = [
      [
        { lat: 50, lng: 8 },
        { lat: 50.01, lng: 8.02 },
      ],
      [
        { lat: -33.9, lng: 151.2 },
        { lat: 51.5, lng: -0.12 },
      ],
      [
        { lat: 0, lng: 179.9 },
        { lat: 0, lng: -179.9 },
      ],
    ] as const;
    for (const [a, b] of pairs)
      expect(distanceMeters(a, b)).toBeCloseTo(
        distance([a.lng, a.lat], [b.lng, b.lat], { units: 'meters' }),
        2,
      );
  });

  it('is about 111.2 km for a degree of latitude', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, 0);
  });
});

describe('bearingDegrees', () => {
  it.each([
    [{ lat: 51, lng: 8 }, 0],
    [{ lat: 50, lng: 9 }, 89.6],
    [{ lat: 49, lng: 8 }, 180],
    [{ lat: 50, lng: 7 }, 270.4],
  ])('from 50° N 8° E to %o is %s°', (to, expected) => {
    expect(bearingDegrees({ lat: 50, lng: 8 }, to)).toBeCloseTo(expected, 1);
  });

  it('takes the short way over the antimeridian', () => {
    expect(bearingDegrees({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(90, 5);
  });
});

describe('nearestPointOfPolygon', () => {
  it('is the point itself inside the patch', () => {
    const inside = { lat: 50.0002, lng: 8.0002 };
    expect(insidePolygon(inside, patch)).toBe(true);
    expect(nearestPointOfPolygon(inside, patch)).toEqual(inside);
  });

  it('is on the nearest edge from outside, square to it', () => {
    const south = nearestPointOfPolygon({ lat: 49.999, lng: 8.0005 }, patch);
    expect(south.lat).toBeCloseTo(50.0, 9);
    expect(south.lng).toBeCloseTo(8.0005, 9);
    const east = nearestPointOfPolygon({ lat: 50.0003, lng: 8.01 }, patch);
    expect(east.lng).toBeCloseTo(8.001, 9);
    expect(east.lat).toBeCloseTo(50.0003, 6);
  });

  it('is the corner when the point lies off a corner', () => {
    const corner = nearestPointOfPolygon({ lat: 50.002, lng: 8.002 }, patch);
    expect(corner.lat).toBeCloseTo(50.001, 9);
    expect(corner.lng).toBeCloseTo(8.001, 9);
  });

  it("is the hole's edge from inside the hole", () => {
    const inHole = { lat: 50.0005, lng: 8.00045 };
    expect(insidePolygon(inHole, patch)).toBe(false);
    const edge = nearestPointOfPolygon(inHole, patch);
    expect(edge.lng).toBeCloseTo(8.0004, 9);
    expect(edge.lat).toBeCloseTo(50.0005, 6);
  });
});

describe('guidanceTo', () => {
  it('walks to the spot itself without a patch', () => {
    const from = { lat: 50, lng: 8 };
    const spot = { position: { lat: 50.001, lng: 8.001 } };
    const guidance = guidanceTo(from, spot);
    expect(guidance.target).toEqual(spot.position);
    expect(guidance.distance).toBeCloseTo(distanceMeters(from, spot.position), 6);
    expect(compassPoint(guidance.bearing)).toBe('NE');
  });

  it('walks to the nearest edge of a patch, and is 0 m inside it', () => {
    const guidance = guidanceTo(
      { lat: 49.999, lng: 8.0005 },
      { position: { lat: 9, lng: 9 }, area: patch },
    );
    expect(guidance.distance).toBeCloseTo(111.2, 0);
    expect(guidance.bearing).toBeCloseTo(0, 3);
    expect(
      guidanceTo({ lat: 50.0002, lng: 8.0002 }, { position: { lat: 9, lng: 9 }, area: patch })
        .distance,
    ).toBe(0);
  });
});

describe('compassPoint', () => {
  it.each([
    [0, 'N'],
    [22, 'N'],
    [23, 'NE'],
    [180, 'S'],
    [338, 'N'],
    [-90, 'W'],
  ])('%s° is %s', (bearing, point) => {
    expect(compassPoint(bearing)).toBe(point);
  });
});

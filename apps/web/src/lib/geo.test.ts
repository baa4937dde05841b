import { describe, expect, it } from 'vitest';
import { closeRing, formatArea, formatDistance, type Polygon } from './geo.ts';

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

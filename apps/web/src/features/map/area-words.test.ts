import { describe, expect, it } from 'vitest';
import { makeLocation } from '../../testing/factories.ts';
import type { Bbox } from '../../lib/saved-tiles/tile-math.ts';
import { defaultAreaName, detailFor, detailLevels, megabytes } from './area-words.ts';

/** A box about 2 km across around a point. */
const around = (lat: number, lng: number): Bbox => [lng - 0.01, lat - 0.01, lng + 0.01, lat + 0.01];

describe('defaultAreaName', () => {
  it('names the area after the spot nearest its middle', () => {
    const spots = [
      makeLocation({ name: 'Far bank', position: { lat: 50.01, lng: 8.01 } }),
      makeLocation({ name: 'Chanterelle bank', position: { lat: 50.001, lng: 8.001 } }),
    ];
    expect(defaultAreaName([around(50, 8)], spots)).toBe('Near Chanterelle bank');
  });

  it('uses the middle of several boxes', () => {
    const spots = [
      makeLocation({ name: 'West', position: { lat: 50, lng: 8 } }),
      makeLocation({ name: 'Middle', position: { lat: 50, lng: 8.05 } }),
    ];
    expect(defaultAreaName([around(50, 8), around(50, 8.1)], spots)).toBe('Near Middle');
  });

  it('falls back to the place as coordinates when no spot is within reach', () => {
    const spots = [makeLocation({ name: 'Elsewhere', position: { lat: 51, lng: 9 } })];
    expect(defaultAreaName([around(50.012, 8.021)], spots)).toBe('Area at 50.012° N, 8.021° E');
    expect(defaultAreaName([around(-33.5, -70.25)], [])).toBe('Area at 33.500° S, 70.250° W');
  });
});

describe('detailFor', () => {
  it('picks the least detail that reaches the zoom, and the most past the last', () => {
    expect(detailFor(10)).toBe(12);
    expect(detailFor(16)).toBe(16);
    expect(detailFor(17)).toBe(18);
    expect(detailFor(22)).toBe(18);
    expect(detailLevels.map((level) => level.label)).toContain('Street level detail');
  });
});

describe('megabytes', () => {
  it('shows kB under 0.1 MB, MB with one decimal above', () => {
    expect(megabytes(45_100)).toBe('46 kB');
    expect(megabytes(12_345_678)).toBe('12.3 MB');
  });
});

import { gridSquare, squarePolygon } from '@fj/contract/grid';
import { describe, expect, it } from 'vitest';
import { sharedBounds, sharedFeatures } from './shared-features.ts';

const cell = squarePolygon(gridSquare('cell02', 45.61, 13.98));

describe('sharedFeatures', () => {
  it('draws a coarse spot as its square and no point, an exact one with its point, a hidden one not at all', () => {
    const features = sharedFeatures([
      {
        from: 'Anna',
        locations: [
          { id: 'a', name: 'Coarse', area: cell, entries: [] },
          { id: 'b', name: 'Exact', position: { lat: 1.5, lng: 2.5 }, entries: [] },
          { id: 'c', name: 'Hidden', entries: [] },
        ],
      },
    ]);
    expect(features.areas.features).toEqual([
      {
        type: 'Feature',
        geometry: cell,
        properties: { id: 'a', name: 'Coarse', from: 'Anna', coarse: true },
      },
    ]);
    expect(features.points.features.map((f) => f.geometry.coordinates)).toEqual([[2.5, 1.5]]);
    expect(sharedBounds(features)).toEqual([2.5, 1.5, 14, 45.8]);
  });

  it('has no bounds when nothing is drawn', () => {
    const hidden = sharedFeatures([
      { from: 'Anna', locations: [{ id: 'c', name: 'Hidden', entries: [] }] },
    ]);
    expect(sharedBounds(hidden)).toBeNull();
  });
});

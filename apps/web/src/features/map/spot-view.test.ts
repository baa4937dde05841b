import { describe, expect, it } from 'vitest';
import { makeLocation } from '../../testing/factories.ts';
import { spotView, startOnSpot, surroundingsZoom } from './spot-view.ts';

describe('spotView', () => {
  it('zooms in from far out, out from very close, and keeps a zoom in between', () => {
    expect(surroundingsZoom(3)).toBe(15);
    expect(surroundingsZoom(19)).toBe(17);
    expect(surroundingsZoom(16.2)).toBe(16.2);
  });

  it('centres a point spot at the surroundings zoom', () => {
    const spot = makeLocation({ position: { lat: 50.01, lng: 8.02 } });
    expect(spotView(spot, 6)).toEqual({ kind: 'point', center: [8.02, 50.01], zoom: 15 });
  });

  it('fits a patch whole', () => {
    const spot = makeLocation({
      position: { lat: 50.031, lng: 8.001 },
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [8.0, 50.03],
            [8.002, 50.03],
            [8.002, 50.032],
            [8.0, 50.032],
            [8.0, 50.03],
          ],
        ],
      },
    });
    expect(spotView(spot, 12)).toEqual({
      kind: 'bounds',
      bounds: [8.0, 50.03, 8.002, 50.032],
      maxZoom: 17,
    });
  });
});

describe('startOnSpot', () => {
  it('opens a map made for a spot on it, not where the map was left', () => {
    const spot = makeLocation({ position: { lat: 50.01, lng: 8.02 } });
    expect(startOnSpot(spot, 4)).toEqual({
      kind: 'view',
      view: { longitude: 8.02, latitude: 50.01, zoom: 15 },
    });
    expect(startOnSpot(spot, 16.5)).toEqual({
      kind: 'view',
      view: { longitude: 8.02, latitude: 50.01, zoom: 16.5 },
    });
    expect(startOnSpot(spot, null)).toMatchObject({ view: { zoom: 15 } });
  });
});

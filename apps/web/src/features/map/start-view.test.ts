import { afterEach, describe, expect, it } from 'vitest';
import { makeLocation } from '../../testing/factories.ts';
import { boundsOf, startView, storedView, storeView } from './start-view.ts';

afterEach(() => localStorage.clear());

describe('startView', () => {
  const spots = [
    makeLocation({ id: 'a', position: { lat: 50, lng: 8 } }),
    makeLocation({ id: 'b', position: { lat: 51, lng: 7 } }),
  ];

  it('opens where the user left the map', () => {
    storeView({ lat: 50.5, lng: 8.5 }, 13);
    expect(startView(spots, storedView())).toEqual({
      kind: 'view',
      view: { longitude: 8.5, latitude: 50.5, zoom: 13 },
    });
  });

  it("opens on the spots' bounds without a kept view", () => {
    expect(boundsOf(spots)).toEqual([7, 50, 8, 51]);
    expect(startView(spots, null)).toEqual({ kind: 'bounds', bounds: [7, 50, 8, 51] });
  });

  it('asks for the position with neither', () => {
    expect(startView([], null)).toEqual({ kind: 'position' });
  });

  it('ignores a kept view it cannot read', () => {
    localStorage.setItem('fj.mapView', '{"longitude":"x"}');
    expect(storedView()).toBeNull();
    localStorage.setItem('fj.mapView', 'not json');
    expect(storedView()).toBeNull();
  });
});

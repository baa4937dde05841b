// Where the map goes when a spot is opened: the spot with its surroundings (docs/behaviour.md#map-home).
import type { Location } from '@fj/contract/locations';
import type { StartView } from './start-view.ts';

/** A spot opens no further out than this: its wood, tracks and streams. */
export const surroundingsMinZoom = 15;
/** Nor closer than this, so the paths that lead to it show too. */
export const surroundingsMaxZoom = 17;

/** The zoom to open a spot at from `current`: kept when already in the surroundings' range. */
export const surroundingsZoom = (current: number): number =>
  Math.min(Math.max(current, surroundingsMinZoom), surroundingsMaxZoom);

export type SpotView =
  | { kind: 'point'; center: [number, number]; zoom: number }
  | { kind: 'bounds'; bounds: [number, number, number, number]; maxZoom: number };

/** A patch is fitted whole (at most the surroundings' zoom); a point is centred. */
export function spotView(location: Location, currentZoom: number): SpotView {
  const ring = location.area?.coordinates[0];
  if (ring && ring.length > 2) {
    const lngs = ring.map((point) => point[0]);
    const lats = ring.map((point) => point[1]);
    return {
      kind: 'bounds',
      bounds: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
      maxZoom: surroundingsMaxZoom,
    };
  }
  return {
    kind: 'point',
    center: [location.position.lng, location.position.lat],
    zoom: surroundingsZoom(currentZoom),
  };
}

/**
 * Where a map made for an opened spot (`?location=`, as the Locations page links) starts: on
 * the spot with its surroundings, so it does not open elsewhere and then fly there.
 */
export function startOnSpot(location: Location, storedZoom: number | null): StartView {
  const view = spotView(location, storedZoom ?? surroundingsMinZoom);
  return view.kind === 'bounds'
    ? { kind: 'bounds', bounds: view.bounds }
    : {
        kind: 'view',
        view: { longitude: view.center[0], latitude: view.center[1], zoom: view.zoom },
      };
}

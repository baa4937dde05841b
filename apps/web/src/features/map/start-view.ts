import type { Location } from '@fj/contract/locations';
import type { LatLng } from '../../lib/geo.ts';
import { MAP_VIEW_KEY } from '../../lib/map-view-key.ts';

export interface MapView {
  longitude: number;
  latitude: number;
  zoom: number;
}

export type Bounds = [number, number, number, number];

/** A forager's zoom: paths and clearings show, a few hundred metres across a phone. */
export const positionZoom = 14;
/** Where a map with nothing else to show opens. */
export const worldView: MapView = { longitude: 10, latitude: 30, zoom: 1.6 };

export function boundsOf(locations: readonly Location[]): Bounds | null {
  if (locations.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const { position } of locations) {
    west = Math.min(west, position.lng);
    east = Math.max(east, position.lng);
    south = Math.min(south, position.lat);
    north = Math.max(north, position.lat);
  }
  return [west, south, east, north];
}

const storageKey = MAP_VIEW_KEY;

/** The view the map was last left at on this device, if any. */
export function storedView(): MapView | null {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return null;
    const view = JSON.parse(raw) as Partial<MapView>;
    const { longitude, latitude, zoom } = view;
    if (typeof longitude !== 'number' || typeof latitude !== 'number' || typeof zoom !== 'number')
      return null;
    return { longitude, latitude, zoom };
  } catch {
    return null;
  }
}

export function storeView(centre: LatLng, zoom: number): void {
  try {
    const view: MapView = { longitude: centre.lng, latitude: centre.lat, zoom };
    localStorage.setItem(storageKey, JSON.stringify(view));
  } catch {
    // No storage (private mode): the next visit opens on the spots.
  }
}

export type StartView =
  | { kind: 'view'; view: MapView }
  | { kind: 'bounds'; bounds: Bounds }
  /** Nothing known: the world, until the position (when allowed) brings the map to it. */
  | { kind: 'position' };

/**
 * Where the map opens (docs/behaviour.md#start-view): a returning user where they left it, else
 * on their spots; a new user on their position when location is allowed, else the world.
 */
export function startView(locations: readonly Location[], stored: MapView | null): StartView {
  if (stored) return { kind: 'view', view: stored };
  const bounds = boundsOf(locations);
  return bounds ? { kind: 'bounds', bounds } : { kind: 'position' };
}

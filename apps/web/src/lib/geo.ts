import type { Location } from '@fj/contract/locations';

/** A point as the app stores it (docs/behaviour.md#location: location.position). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The patch of a location: a GeoJSON Polygon with closed rings (lng, lat order). */
export type Polygon = NonNullable<Location['area']>;

const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** Patches range from a bush to a hillside: m² below a hectare, then ha, then km². */
export function formatArea(squareMeters: number): string {
  if (!Number.isFinite(squareMeters) || squareMeters < 0) return '—';
  if (squareMeters < 10_000) return `${whole.format(squareMeters)} m²`;
  if (squareMeters < 1_000_000) return `${decimal.format(squareMeters / 10_000)} ha`;
  return `${decimal.format(squareMeters / 1_000_000)} km²`;
}

/** Metres up to a kilometre, then km with one decimal (whole km from 100 km on). */
export function formatDistance(meters: number): string {
  if (!Number.isFinite(meters) || meters < 0) return '—';
  if (meters < 1_000) return `${whole.format(meters)} m`;
  const km = meters / 1_000;
  return `${km < 100 ? decimal.format(km) : whole.format(km)} km`;
}

/** Closes a ring if its last point is not its first (GeoJSON needs closed rings). */
export function closeRing(ring: readonly [number, number][]): [number, number][] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return [...ring];
  return first[0] === last[0] && first[1] === last[1] ? [...ring] : [...ring, first];
}

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance (haversine), for ordering spots by how near they are without
 * loading the map's geometry library.
 */
export function distanceMeters(from: LatLng, to: LatLng): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

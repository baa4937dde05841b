import type { LatLng, Polygon } from '../geo.ts';

/** turf's mean earth radius, so these figures agree with the patch sizes and distances shown elsewhere. */
const earthRadiusMeters = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle (haversine) distance in metres. */
export function distanceMeters(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The initial great-circle bearing from one point to another, clockwise from true north, 0–360. */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const φ1 = toRadians(from.lat);
  const φ2 = toRadians(to.lat);
  const Δλ = toRadians(to.lng - from.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

type Ring = readonly (readonly number[])[];

/** Even-odd ray casting on [lng, lat] pairs; fine at a patch's scale, which never spans a pole. */
function insideRing(point: LatLng, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    const crosses =
      yi > point.lat !== yj > point.lat &&
      point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi;
    if (crosses) inside = !inside;
  }
  return inside;
}

/** Whether a point is in a patch: inside its outer ring and in none of its holes. */
export function insidePolygon(point: LatLng, polygon: Polygon): boolean {
  const [outer, ...holes] = polygon.coordinates;
  if (!outer || !insideRing(point, outer)) return false;
  return !holes.some((hole) => insideRing(point, hole));
}

/**
 * The point of segment a–b nearest to `point`, worked out in a flat frame centred on `point`
 * (longitudes shrunk by the cosine of its latitude): exact enough over a patch's few hundred
 * metres, where the earth's curve moves the answer by millimetres.
 */
function nearestOnSegment(point: LatLng, a: LatLng, b: LatLng): LatLng {
  const scale = Math.cos(toRadians(point.lat));
  const ax = (a.lng - point.lng) * scale;
  const ay = a.lat - point.lat;
  const bx = (b.lng - point.lng) * scale;
  const by = b.lat - point.lat;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  return { lat: a.lat + t * (b.lat - a.lat), lng: a.lng + t * (b.lng - a.lng) };
}

/**
 * Where to walk to reach a patch: the point itself when it is already inside, otherwise the
 * nearest point on any of the patch's edges (holes included).
 */
export function nearestPointOfPolygon(point: LatLng, polygon: Polygon): LatLng {
  if (insidePolygon(point, polygon)) return point;
  let best: LatLng = point;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const ring of polygon.coordinates)
    for (let i = 1; i < ring.length; i++) {
      const [aLng = 0, aLat = 0] = ring[i - 1] ?? [];
      const [bLng = 0, bLat = 0] = ring[i] ?? [];
      const candidate = nearestOnSegment(point, { lat: aLat, lng: aLng }, { lat: bLat, lng: bLng });
      const distance = distanceMeters(point, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
  return best;
}

export interface Guidance {
  /** Metres to the spot, or to the patch's nearest edge (0 inside it). */
  distance: number;
  /** Degrees clockwise from true north towards that point. */
  bearing: number;
  /** The point walked to. */
  target: LatLng;
}

/** Distance and bearing from the device to a spot: its patch's nearest edge when it has one. */
export function guidanceTo(
  from: LatLng,
  spot: { position: LatLng; area?: Polygon | null },
): Guidance {
  const target = spot.area ? nearestPointOfPolygon(from, spot.area) : spot.position;
  const distance = distanceMeters(from, target);
  return { distance, bearing: distance === 0 ? 0 : bearingDegrees(from, target), target };
}

const compassPoints = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** The nearest of the eight compass points to a bearing, for words beside the arrow. */
export function compassPoint(bearing: number): string {
  const index = Math.round((((bearing % 360) + 360) % 360) / 45) % 8;
  return compassPoints[index] ?? 'N';
}

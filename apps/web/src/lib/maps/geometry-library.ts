import area from '@turf/area';
import distance from '@turf/distance';
import type { LatLng, Polygon } from '../geo.ts';

/** Geodesic area of a patch in m². */
function areaSquareMeters(polygon: Polygon): number {
  return area({ type: 'Polygon', coordinates: polygon.coordinates });
}

/** Great-circle distance in metres; GeoJSON wants [lng, lat], the app keeps {lat, lng}. */
function distanceMeters(from: LatLng, to: LatLng): number {
  return distance([from.lng, from.lat], [to.lng, to.lat], { units: 'meters' });
}

/** The "geometry" library: measurements on the earth's surface, through turf. */
export const geometryLibrary = { areaSquareMeters, distanceMeters };
export type GeometryLibrary = typeof geometryLibrary;

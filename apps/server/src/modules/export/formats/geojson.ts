import type { ExportedLocation } from '../mapping.ts';
import type { SpotPages } from './spot-pages.ts';

/** A spot's geometry: its point, or with a patch a GeometryCollection of point and polygon. */
function geometryOf(location: ExportedLocation) {
  const point = { type: 'Point', coordinates: [location.position.lng, location.position.lat] };
  if (!location.area) return point;
  return { type: 'GeometryCollection', geometries: [point, location.area] };
}

/** Everything but the geometry goes in the properties, the entries included. */
function featureOf(location: ExportedLocation) {
  const properties: Partial<ExportedLocation> = { ...location };
  delete properties.position;
  delete properties.area;
  return { type: 'Feature', id: location.id, geometry: geometryOf(location), properties };
}

/** An RFC 7946 FeatureCollection, one Feature per spot, each yielded as it is written. */
export async function* geojson(pages: SpotPages): AsyncGenerator<string> {
  yield '{"type":"FeatureCollection","features":[';
  let separator = '\n';
  for await (const page of pages()) {
    for (const location of page) {
      yield separator + JSON.stringify(featureOf(location));
      separator = ',\n';
    }
  }
  yield '\n]}\n';
}

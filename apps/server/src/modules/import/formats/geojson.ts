import { importError } from '../../../lib/import-error.ts';
import {
  checkSpot,
  type ImportProblem,
  type ImportedSpot,
  type ParsedFile,
} from '../../../lib/imported-spot.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first point of a geometry, and a polygon when it has one (our export's GeometryCollection). */
export function shapeOf(geometry: unknown): { point?: [number, number]; polygon?: Json } {
  if (!isObject(geometry)) return {};
  const coordinates = geometry.coordinates;
  switch (geometry.type) {
    case 'Point':
      return Array.isArray(coordinates) ? { point: coordinates as [number, number] } : {};
    case 'Polygon':
      return Array.isArray(coordinates)
        ? { point: centroid(coordinates[0]), polygon: { type: 'Polygon', coordinates } }
        : {};
    case 'GeometryCollection': {
      const parts = Array.isArray(geometry.geometries) ? geometry.geometries.map(shapeOf) : [];
      return {
        ...(parts.find((p) => p.point)?.point ? { point: parts.find((p) => p.point)?.point } : {}),
        ...(parts.find((p) => p.polygon) ? { polygon: parts.find((p) => p.polygon)?.polygon } : {}),
      };
    }
    default:
      return {};
  }
}

/** A plain polygon's spot sits at the mean of its outer ring's corners (the closing one aside). */
function centroid(ring: unknown): [number, number] | undefined {
  if (!Array.isArray(ring) || ring.length < 2) return undefined;
  const corners = ring.slice(0, -1) as unknown[];
  let lng = 0;
  let lat = 0;
  for (const corner of corners) {
    if (!Array.isArray(corner) || typeof corner[0] !== 'number' || typeof corner[1] !== 'number')
      return undefined;
    lng += corner[0];
    lat += corner[1];
  }
  return [lng / corners.length, lat / corners.length];
}

/**
 * GeoJSON: our export (every field in the properties, entries included) or any FeatureCollection
 * of points and polygons, whose `name` (or `title`) and `description` become the spot's.
 */
export function readGeojson(text: string, maxFeatures: number): ParsedFile {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw importError('The file is not valid JSON');
  }
  const features = isObject(document)
    ? document.type === 'FeatureCollection'
      ? document.features
      : document.type === 'Feature'
        ? [document]
        : undefined
    : undefined;
  if (!Array.isArray(features)) throw importError('The file is not a GeoJSON FeatureCollection');
  if (features.length > maxFeatures)
    throw importError(
      `The file has ${features.length} features; at most ${maxFeatures} can be imported at once`,
    );
  const spots: ImportedSpot[] = [];
  const problems: ImportProblem[] = [];
  features.forEach((feature: unknown, index) => {
    const at = `feature ${index + 1}`;
    if (!isObject(feature)) return problems.push({ at, message: 'not a Feature' });
    const properties = isObject(feature.properties) ? feature.properties : {};
    const { point, polygon } = shapeOf(feature.geometry);
    if (!point) return problems.push({ at, message: 'no Point or Polygon geometry' });
    const fields: Json = {
      ...properties,
      name: properties.name ?? properties.title,
      position: { lng: point[0], lat: point[1] },
      ...(polygon ? { area: polygon } : {}),
    };
    // Our export's feature id is the spot's id; another file's ids are only kept when uuids.
    const id = properties.id ?? feature.id;
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) fields.id = id;
    else delete fields.id;
    const checked = checkSpot(at, fields);
    if ('problem' in checked) problems.push(checked.problem);
    else spots.push(checked.spot);
    return undefined;
  });
  return { spots, problems };
}

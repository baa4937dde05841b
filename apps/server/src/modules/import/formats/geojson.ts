import { Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import { AppError } from '../../../errors.ts';
import { importError } from '../../../lib/import-error.ts';
import { importLimits } from '../limits.ts';
import {
  createSpotCollector,
  textChunks,
  type Pace,
  type ReadFile,
  type SpotCollector,
} from '../reading.ts';

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

/** A feature's spot, or its problem, as `feature n` (from 1, in file order). */
function readFeature(spots: SpotCollector, index: number, feature: unknown): void {
  const at = `feature ${index + 1}`;
  spots.count();
  if (!isObject(feature)) return spots.problem(at, 'not a Feature');
  const properties = isObject(feature.properties) ? feature.properties : {};
  const { point, polygon } = shapeOf(feature.geometry);
  if (!point) return spots.problem(at, 'no Point or Polygon geometry');
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
  spots.add(at, fields);
}

/** The members of a top-level Feature (the file may be one); a collection's are not kept. */
const rootMembers = ['type', 'geometry', 'properties', 'id'];

/**
 * GeoJSON, streamed: our export (every field in the properties, entries included) or any
 * FeatureCollection of points and polygons (or a single Feature), whose `name` (or `title`) and
 * `description` become the spot's. Each feature is read, checked and let go as it ends; nesting
 * deeper than importLimits.depth is refused as soon as it is seen.
 */
export async function readGeojson(source: AsyncIterable<Buffer>, pace: Pace): Promise<ReadFile> {
  const spots = createSpotCollector('features');
  // Strings and numbers gathered in a buffer, decoded once each, not as one string per
  // character joined at the end: a 10,000-feature file's read allocated a fifth less.
  const tokenizer = new Tokenizer({ stringBufferSize: 64, numberBufferSize: 64 });
  const parser = new TokenParser({
    paths: ['$.features.*', ...rootMembers.map((member) => `$.${member}`)],
    keepStack: false,
  });
  const root: Json = {};
  let rootIsObject: boolean | undefined;
  let depth = 0;
  /** The root object's member being read (its key), and whether `features` is an array. */
  let rootKey: string | undefined;
  let expectKey = false;
  let featuresIsArray = false;
  let valuesInFeature = 0;
  tokenizer.onToken = (token) => {
    const opens = token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET;
    if (rootIsObject === undefined) rootIsObject = token.token === TokenType.LEFT_BRACE;
    if (depth === 1 && rootIsObject) {
      if (expectKey && token.token === TokenType.STRING) rootKey = String(token.value);
      if (rootKey === 'features' && token.token === TokenType.LEFT_BRACKET) featuresIsArray = true;
      expectKey = token.token === TokenType.COMMA;
    }
    // Within a feature (below the collection's array, or the file's own Feature), values are
    // counted: one feature of millions of coordinates would take memory many times its size.
    if (depth <= (featuresIsArray ? 2 : 0)) valuesInFeature = 0;
    else if (token.token !== TokenType.COLON && token.token !== TokenType.COMMA) {
      valuesInFeature += 1;
      if (valuesInFeature > importLimits.valuesPerFeature)
        throw importError(
          `A feature holds more than ${importLimits.valuesPerFeature} JSON values; a spot has far fewer`,
        );
    }
    if (opens) {
      depth += 1;
      if (depth === 1) expectKey = true;
      if (depth > importLimits.depth)
        throw importError(
          `The file nests arrays and objects deeper than ${importLimits.depth} levels`,
        );
    } else if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET) {
      depth -= 1;
    }
    parser.write(token);
  };
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1 && typeof key === 'string') root[key] = value;
    else if (typeof key === 'number' && featuresIsArray) readFeature(spots, key, value);
  };
  try {
    for await (const text of textChunks(source)) {
      tokenizer.write(text);
      await pace();
    }
    tokenizer.end();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw importError('The file is not valid JSON');
  }
  if (!parser.isEnded) throw importError('The file is not valid JSON');
  if (root.type === 'Feature') {
    // The file is one feature: what was read as a collection's (none, in a real file) is not.
    const single = createSpotCollector('features');
    readFeature(single, 0, root);
    return single.file;
  }
  if (root.type !== 'FeatureCollection' || !featuresIsArray)
    throw importError('The file is not a GeoJSON FeatureCollection');
  return spots.file;
}

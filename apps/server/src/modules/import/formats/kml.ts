import { createLocationSchema } from '@fj/contract/locations';
import { createSpotCollector, type Pace, type ReadFile } from '../reading.ts';
import { shapeOf } from './geojson.ts';
import {
  childrenNamed,
  descendantsNamed,
  placeOf,
  streamXml,
  textOf,
  type XmlElement,
} from './xml.ts';

/** The fields our export writes as JSON in `<Data>` (text fields are written as they are). */
const jsonFields = new Set(['categories', 'species', 'treeTypes', 'access', 'entries', 'favorite']);

/** The `<Data>` names a spot is read from: a spot's fields, its dates and entries. */
const spotFields = new Set<string>([
  ...Object.keys(createLocationSchema.shape),
  'createdAt',
  'updatedAt',
  'entries',
]);

/**
 * A Placemark's `<ExtendedData><Data name><value>` of a spot's fields, the JSON ones parsed;
 * other names are not read (a spot would ignore them).
 */
function extendedData(placemark: XmlElement): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const extended of childrenNamed(placemark, 'ExtendedData')) {
    for (const data of extended.nodes) {
      if (typeof data === 'string' || data.local !== 'Data') continue;
      const name = data.attributes.name;
      if (!name || !spotFields.has(name)) continue;
      const [valueElement] = childrenNamed(data, 'value');
      if (!valueElement) continue;
      const value = textOf(valueElement);
      if (!jsonFields.has(name)) {
        fields[name] = value;
        continue;
      }
      try {
        fields[name] = JSON.parse(value) as unknown;
      } catch {
        fields[name] = value;
      }
    }
  }
  return fields;
}

/* The geometry as GeoJSON reads it from KML (the rules of @tmcw/togeojson, which this replaces). */
type Geometry = { type: string; coordinates?: unknown; geometries?: Geometry[] };

/** One coordinate tuple, "lng,lat[,alt]": its numbers, at most three. */
const coordinate = (text: string) =>
  text
    .replace(/\s*/g, '')
    .split(',')
    .map(Number.parseFloat)
    .filter((n) => !Number.isNaN(n))
    .slice(0, 3);

/** Space-separated tuples; those with fewer than two numbers are dropped. */
const coordinateList = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map(coordinate)
    .filter((c) => c.length >= 2);

/** A ring closed on its first corner. */
function closed(ring: number[][]): number[][] {
  const first = ring[0];
  const last = ring.at(-1);
  if (!first || !last) return ring;
  const same = first.length === last.length && first.every((n, i) => n === last[i]);
  return same ? ring : [...ring, first];
}

const coordinatesText = (element: XmlElement) => {
  const [coordinates] = descendantsNamed(element, 'coordinates');
  return coordinates ? textOf(coordinates) : '';
};

/** A placemark's points and polygons (lines are never spots, so they are not read). */
function geometriesOf(parent: XmlElement): Geometry[] {
  const geometries: Geometry[] = [];
  for (const child of parent.nodes) {
    if (typeof child === 'string') continue;
    switch (child.local) {
      case 'MultiGeometry':
      case 'MultiTrack':
        geometries.push(...geometriesOf(child));
        break;
      case 'Point': {
        const point = coordinate(coordinatesText(child));
        if (point.length >= 2) geometries.push({ type: 'Point', coordinates: point });
        break;
      }
      case 'Polygon': {
        const rings = descendantsNamed(child, 'LinearRing')
          .map((ring) => closed(coordinateList(coordinatesText(ring))))
          .filter((ring) => ring.length >= 4);
        if (rings.length > 0) geometries.push({ type: 'Polygon', coordinates: rings });
        break;
      }
      case 'Track': {
        // A track of one <gx:coord> ("lng lat alt") is a point.
        const coords = descendantsNamed(child, 'coord');
        if (coords.length === 1 && coords[0])
          geometries.push({
            type: 'Point',
            coordinates: textOf(coords[0]).split(' ').map(Number.parseFloat),
          });
        break;
      }
    }
  }
  return geometries;
}

function geometryOf(placemark: XmlElement): Geometry | undefined {
  const geometries = geometriesOf(placemark);
  if (geometries.length <= 1) return geometries[0];
  return { type: 'GeometryCollection', geometries };
}

/** The text of the first element named `name` inside the placemark, unless empty. */
function firstText(placemark: XmlElement, name: string): string | undefined {
  const [element] = descendantsNamed(placemark, name);
  const text = element ? textOf(element) : '';
  return text ? text : undefined;
}

/**
 * KML, streamed: a spot per Placemark with a Point or Polygon (MultiGeometry and Folders
 * included). Our export's ExtendedData reads back every field and the entries; any other
 * Placemark gives its name, description and geometry.
 */
export async function readKml(source: AsyncIterable<Buffer>, pace: Pace): Promise<ReadFile> {
  const spots = createSpotCollector('placemarks');
  let index = 0;
  await streamXml(
    source,
    {
      kept: 'placemark',
      root: 'kml',
      notRoot: 'The file is not KML (no <kml> root)',
      keep: (local) => local === 'Placemark',
      take(placemark) {
        spots.count();
        const at = placeOf('placemark', index, placemark);
        index += 1;
        const { point, polygon } = shapeOf(geometryOf(placemark));
        if (!point) {
          spots.problem(at, 'no Point or Polygon geometry');
          return;
        }
        const extended = extendedData(placemark);
        const ours = 'id' in extended && 'createdAt' in extended;
        const fields: Record<string, unknown> = {
          // Our description element adds the entries' lines for people; ExtendedData has the field.
          ...(ours ? {} : { description: firstText(placemark, 'description') }),
          ...extended,
          name: firstText(placemark, 'name'),
          position: { lng: point[0], lat: point[1] },
          ...(polygon ? { area: polygon } : {}),
        };
        if (typeof fields.description !== 'string') delete fields.description;
        spots.add(at, fields);
      },
    },
    pace,
  );
  return spots.file;
}

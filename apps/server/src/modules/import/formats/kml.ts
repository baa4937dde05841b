import { kml } from '@tmcw/togeojson';
import type { Element } from '@xmldom/xmldom';
import { importError } from '../../../lib/import-error.ts';
import {
  checkSpot,
  type ImportProblem,
  type ImportedSpot,
  type ParsedFile,
} from '../../../lib/imported-spot.ts';
import { shapeOf } from './geojson.ts';
import { childrenNamed, parseXml, placeOf } from './xml.ts';

/** The fields our export writes as JSON in `<Data>` (text fields are written as they are). */
const jsonFields = new Set(['categories', 'species', 'treeTypes', 'access', 'entries', 'favorite']);

/** A Placemark's `<ExtendedData><Data name><value>`, the JSON ones parsed. */
function extendedData(placemark: Element): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const data of childrenNamed(placemark, 'ExtendedData').flatMap((e) =>
    childrenNamed(e, 'Data'),
  )) {
    const name = data.getAttribute('name');
    const value = childrenNamed(data, 'value')[0]?.textContent;
    if (!name || value === undefined || value === null) continue;
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
  return fields;
}

/**
 * KML: a spot per Placemark with a Point or Polygon (togeojson reads the geometry, MultiGeometry
 * and Folders included). Our export's ExtendedData reads back every field and the entries; any
 * other Placemark gives its name, description and geometry.
 */
export function readKml(text: string, maxFeatures: number): ParsedFile {
  const document = parseXml(text);
  const root = document.documentElement;
  if (!root || root.localName !== 'kml') throw importError('The file is not KML (no <kml> root)');
  const placemarks = Array.from(document.getElementsByTagName('Placemark'));
  if (placemarks.length > maxFeatures)
    throw importError(
      `The file has ${placemarks.length} placemarks; at most ${maxFeatures} can be imported at once`,
    );
  // togeojson yields one feature per Placemark, in document order (geometry null when none).
  const features = kml(document).features;
  const spots: ImportedSpot[] = [];
  const problems: ImportProblem[] = [];
  placemarks.forEach((placemark, index) => {
    const at = placeOf('placemark', index, placemark);
    const feature = features[index];
    const { point, polygon } = shapeOf(feature?.geometry);
    if (!point) {
      problems.push({ at, message: 'no Point or Polygon geometry' });
      return;
    }
    const extended = extendedData(placemark);
    const ours = 'id' in extended && 'createdAt' in extended;
    const properties = feature?.properties ?? {};
    const fields: Record<string, unknown> = {
      // Our description element adds the entries' lines for people; ExtendedData has the field.
      ...(ours ? {} : { description: properties.description }),
      ...extended,
      name: properties.name,
      position: { lng: point[0], lat: point[1] },
      ...(polygon ? { area: polygon } : {}),
    };
    if (typeof fields.description !== 'string') delete fields.description;
    const checked = checkSpot(at, fields);
    if ('problem' in checked) problems.push(checked.problem);
    else spots.push(checked.spot);
  });
  return { spots, problems };
}

import { readableDescription, type ExportedLocation } from '../mapping.ts';
import type { SpotPages } from './spot-pages.ts';
import { literal, textElement, xmlWriter, type XmlBuilder } from './xml-writer.ts';

const kmlNamespace = 'http://www.opengis.net/kml/2.2';

type Ring = readonly (readonly number[])[];
const coordinates = (ring: Ring) => ring.map(([lng, lat]) => `${lng},${lat}`).join(' ');

function linearRing(xml: XmlBuilder, boundary: string, ring: Ring): void {
  xml.ele(boundary).ele('LinearRing').ele('coordinates').txt(coordinates(ring)).up().up().up();
}

function geometry(xml: XmlBuilder, location: ExportedLocation): void {
  const point = () => {
    const { lng, lat } = location.position;
    xml.ele('Point').ele('coordinates').txt(`${lng},${lat}`).up().up();
  };
  if (!location.area) {
    point();
    return;
  }
  const [outer, ...holes] = location.area.coordinates;
  xml.ele('MultiGeometry');
  point();
  xml.ele('Polygon');
  if (outer) linearRing(xml, 'outerBoundaryIs', outer);
  for (const hole of holes) linearRing(xml, 'innerBoundaryIs', hole);
  xml.up().up();
}

/** Every field as a `<Data>`: text as it is, lists, objects and the entries as JSON. */
function extendedData(xml: XmlBuilder, location: ExportedLocation): void {
  const fields: Partial<ExportedLocation> = { ...location };
  delete fields.position;
  delete fields.area;
  delete fields.name;
  xml.ele('ExtendedData');
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    xml.ele('Data', { name: key }).ele('value').txt(literal(text)).up().up();
  }
  xml.up();
}

/** KML 2.2: a Placemark per spot; a spot with a patch has a MultiGeometry of Point and Polygon. */
export async function* kml(pages: SpotPages): AsyncGenerator<string> {
  const { xml, take } = xmlWriter();
  xml.ele(kmlNamespace, 'kml').ele('Document');
  textElement(xml, 'name', 'Foraging Journal');
  for await (const page of pages()) {
    for (const location of page) {
      xml.ele('Placemark');
      textElement(xml, 'name', location.name);
      textElement(xml, 'description', readableDescription(location));
      extendedData(xml, location);
      geometry(xml, location);
      xml.up();
    }
    yield take();
  }
  xml.up().up().end();
  yield `${take()}\n`;
}

import { readableDescription, type ExportedLocation } from '../mapping.ts';
import type { SpotPages } from './spot-pages.ts';
import { XmlWriter } from './xml-writer.ts';

const kmlNamespace = 'http://www.opengis.net/kml/2.2';

type Ring = readonly (readonly number[])[];
const coordinates = (ring: Ring) => ring.map(([lng, lat]) => `${lng},${lat}`).join(' ');

function linearRing(xml: XmlWriter, boundary: string, ring: Ring): void {
  xml.open(boundary).open('LinearRing').text('coordinates', coordinates(ring)).close().close();
}

function geometry(xml: XmlWriter, location: ExportedLocation): void {
  const point = () => {
    const { lng, lat } = location.position;
    xml.open('Point').text('coordinates', `${lng},${lat}`).close();
  };
  if (!location.area) {
    point();
    return;
  }
  const [outer, ...holes] = location.area.coordinates;
  xml.open('MultiGeometry');
  point();
  xml.open('Polygon');
  if (outer) linearRing(xml, 'outerBoundaryIs', outer);
  for (const hole of holes) linearRing(xml, 'innerBoundaryIs', hole);
  xml.close().close();
}

/** Every field as a `<Data>`: text as it is, lists, objects and the entries as JSON. */
function extendedData(xml: XmlWriter, location: ExportedLocation): void {
  const fields: Partial<ExportedLocation> = { ...location };
  delete fields.position;
  delete fields.area;
  delete fields.name;
  xml.open('ExtendedData');
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    xml.open('Data', { name: key }).text('value', text).close();
  }
  xml.close();
}

/**
 * KML 2.2: a Placemark per spot; a spot with a patch has a MultiGeometry of Point and Polygon.
 * The text of each spot is yielded as it is written.
 */
export async function* kml(pages: SpotPages): AsyncGenerator<string> {
  const xml = new XmlWriter();
  xml.open('kml', { xmlns: kmlNamespace }).open('Document');
  xml.optionalText('name', 'Foraging Journal');
  for await (const page of pages()) {
    for (const location of page) {
      xml.open('Placemark');
      xml.optionalText('name', location.name);
      xml.optionalText('description', readableDescription(location));
      extendedData(xml, location);
      geometry(xml, location);
      xml.close();
      yield xml.take();
    }
  }
  xml.close().close();
  yield `${xml.take()}\n`;
}

import { readableDescription, type ExportedLocation } from '../mapping.ts';
import type { SpotPages } from './spot-pages.ts';
import { literal, textElement, xmlWriter, type XmlBuilder } from './xml-writer.ts';

const gpxNamespace = 'http://www.topografix.com/GPX/1/1';
/** Our extension's namespace: what our import looks for to read a spot back whole. */
export const journalGpxNamespace = 'https://foragingjournal.org/gpx/1';

/**
 * A waypoint per spot. Its `<desc>` is for people (the description, then a line per entry);
 * its `<fj:spot>` extension holds the whole spot (fields, entries, photos' files) as JSON, so
 * that nothing GPX has no element for is lost.
 */
function waypoint(xml: XmlBuilder, location: ExportedLocation): void {
  xml.ele('wpt', { lat: String(location.position.lat), lon: String(location.position.lng) });
  textElement(xml, 'time', location.createdAt);
  textElement(xml, 'name', location.name);
  textElement(xml, 'desc', readableDescription(location));
  textElement(xml, 'type', location.categories?.join(', '));
  xml.ele('extensions');
  xml
    .ele('fj:spot', { id: literal(location.id) })
    .txt(literal(JSON.stringify(location)))
    .up();
  xml.up();
  xml.up();
}

/** A patch as a track: one closed segment per ring (the rings are closed already). */
function patchTrack(xml: XmlBuilder, location: ExportedLocation): void {
  if (!location.area) return;
  xml.ele('trk');
  textElement(xml, 'name', location.name);
  textElement(xml, 'type', 'patch');
  xml.ele('extensions').ele('fj:patchOf').txt(literal(location.id)).up().up();
  for (const ring of location.area.coordinates) {
    xml.ele('trkseg');
    for (const [lng, lat] of ring) xml.ele('trkpt', { lat: String(lat), lon: String(lng) }).up();
    xml.up();
  }
  xml.up();
}

/** GPX 1.1: every waypoint, then the tracks (the schema's order), so the spots are read twice. */
export async function* gpx(pages: SpotPages): AsyncGenerator<string> {
  const { xml, take } = xmlWriter();
  xml
    .ele(gpxNamespace, 'gpx', { version: '1.1', creator: 'Foraging Journal' })
    .att('http://www.w3.org/2000/xmlns/', 'xmlns:fj', journalGpxNamespace);
  xml.ele('metadata').ele('name').txt('Foraging Journal').up().up();
  for await (const page of pages()) {
    for (const location of page) waypoint(xml, location);
    yield take();
  }
  for await (const page of pages({ withEntries: false })) {
    for (const location of page) patchTrack(xml, location);
    yield take();
  }
  xml.up().end();
  yield `${take()}\n`;
}

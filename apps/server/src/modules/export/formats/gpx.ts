import { journalGpxNamespace } from '../../../lib/journal-gpx-namespace.ts';
import { readableDescription, type ExportedLocation } from '../mapping.ts';
import type { SpotPages } from './spot-pages.ts';
import { XmlWriter } from './xml-writer.ts';

const gpxNamespace = 'http://www.topografix.com/GPX/1/1';

/**
 * A waypoint per spot. Its `<desc>` is for people (the description, then a line per entry);
 * its `<fj:spot>` extension holds the whole spot (fields, entries, photos' files) as JSON, so
 * that nothing GPX has no element for is lost.
 */
function waypoint(xml: XmlWriter, location: ExportedLocation): void {
  xml.open('wpt', { lat: String(location.position.lat), lon: String(location.position.lng) });
  xml.optionalText('time', location.createdAt);
  xml.optionalText('name', location.name);
  xml.optionalText('desc', readableDescription(location));
  xml.optionalText('type', location.categories?.join(', '));
  xml.open('extensions');
  xml.text('fj:spot', JSON.stringify(location), { id: location.id });
  xml.close();
  xml.close();
}

/** A patch as a track: one closed segment per ring (the rings are closed already). */
function patchTrack(xml: XmlWriter, location: ExportedLocation): void {
  if (!location.area) return;
  xml.open('trk');
  xml.optionalText('name', location.name);
  xml.text('type', 'patch');
  xml.open('extensions').text('fj:patchOf', location.id).close();
  for (const ring of location.area.coordinates) {
    xml.open('trkseg');
    for (const [lng, lat] of ring) xml.empty('trkpt', { lat: String(lat), lon: String(lng) });
    xml.close();
  }
  xml.close();
}

/**
 * GPX 1.1: every waypoint, then the tracks (the schema's order), so the spots are read twice.
 * The text of each spot is yielded as it is written.
 */
export async function* gpx(pages: SpotPages): AsyncGenerator<string> {
  const xml = new XmlWriter();
  xml.open('gpx', {
    xmlns: gpxNamespace,
    version: '1.1',
    creator: 'Foraging Journal',
    'xmlns:fj': journalGpxNamespace,
  });
  xml.open('metadata').text('name', 'Foraging Journal').close();
  for await (const page of pages()) {
    for (const location of page) {
      waypoint(xml, location);
      yield xml.take();
    }
  }
  for await (const page of pages({ withEntries: false })) {
    for (const location of page) {
      patchTrack(xml, location);
      yield xml.take();
    }
  }
  xml.close();
  yield `${xml.take()}\n`;
}
